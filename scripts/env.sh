# scripts/env.sh: sourced by the other scripts; puts the project's tools on PATH and picks
# the Rust toolchain that has a wasm32 standard library (rustup's, else Debian's rustc-web).
ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
export ROOT
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in *":$CARGO_BIN:"*) ;; *) PATH="$CARGO_BIN:$PATH" ;; esac
# The project's tools: npm's (wasm-opt, terser, csso), and before them scripts/bin's wasm-opt,
# which keeps optimised modules in the build cache. Trunk finds its tools on this PATH.
PATH="$ROOT/scripts/bin:$ROOT/node_modules/.bin:$PATH"
export PATH
# One build cache for every checkout (CI clones afresh each run): warm runs take a minute, not
# seven. Set CARGO_TARGET_DIR yourself to use another.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/retry-lab/target}"

# has_wasm_std RUSTC: true when that rustc can link for wasm32-unknown-unknown.
has_wasm_std() {
  local dir
  dir=$("$1" --print target-libdir --target wasm32-unknown-unknown 2>/dev/null) || return 1
  compgen -G "$dir/libstd-*.rlib" >/dev/null
}

# WASM_PATH: PATH for wasm builds. Native builds, clippy and fmt keep the default toolchain.
if command -v rustc >/dev/null && has_wasm_std rustc; then
  WASM_PATH=$PATH
  WASM_TOOLCHAIN=default
elif [ -x /usr/bin/rustc ] && has_wasm_std /usr/bin/rustc; then
  WASM_PATH=/usr/bin:$PATH
  WASM_TOOLCHAIN=debian-rustc-web
else
  WASM_PATH=$PATH
  WASM_TOOLCHAIN=none
fi
export WASM_PATH WASM_TOOLCHAIN

# The wasm-bindgen version the lock file pins; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' "$ROOT/Cargo.lock"
}

# One cache, many checkouts: cargo judges a build fresh by its files' times, so right after a
# build of another checkout (a clone made later, say) it would take that checkout's artifacts
# for this one's, even running its tests with the other's sources. Whoever builds in a checkout
# other than the last one marks this checkout's files as new first; CI's fresh clone is new.
claim_target() {
  local mark="$CARGO_TARGET_DIR/.checkout"
  [ "$(cat "$mark" 2>/dev/null)" = "$ROOT" ] && return 0
  (cd "$ROOT" && git ls-files -z 2>/dev/null | xargs -0 touch -c 2>/dev/null) || true
  mkdir -p "$CARGO_TARGET_DIR" && printf '%s\n' "$ROOT" >"$mark"
}
claim_target
