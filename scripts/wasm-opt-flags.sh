# scripts/wasm-opt-flags.sh: the one definition of wasm-opt's flags, sourced by
# scripts/build-release (the three shipped modules), scripts/build-names (the lab's module with
# names) and scripts/bench (the baseline page). Change them here and nowhere else.
# shellcheck shell=bash disable=SC2034

# The wasm features rustc's wasm32 output uses: binaryen must be told it may keep them.
WASM_OPT_FEATURES=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-reference-types --enable-multivalue --enable-mutable-globals)

# The lab's and the workbench's modules, size first (every learner downloads the lab's): after
# -Oz, flatten and re-loop, then -Oz twice more: 0.7 KB less gzipped than -Oz alone
# (docs/performance.md, "What was done about it").
WASM_OPT_SIZE=(-Oz --flatten --rereloop -Oz -Oz)

# The teacher's module, speed first: only teachers load it, and it reads a course's statements
# (Cargo.toml's `teacher` profile, opt-level 3, is built for the same reason).
WASM_OPT_SPEED=(-O3)
