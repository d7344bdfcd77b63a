# scripts/wasm-opt-flags.sh: the lab's wasm-opt flags, read from their one definition, the lab's
# `rel="rust"` link in www/index.html (data-wasm-opt, data-wasm-opt-params), with which trunk
# optimises the module it ships. Sourced by scripts/build-names (the lab's module with names)
# and scripts/bench (the baseline page), so they optimise as the release does.
# shellcheck shell=bash disable=SC2034

_lab_link=$(tr '\n' ' ' <"$ROOT/www/index.html" | grep -o '<link data-trunk rel="rust"[^>]*data-bin="retry-lab"[^>]*>')
_level=$(sed -n 's/.*data-wasm-opt="\([^"]*\)".*/\1/p' <<<"$_lab_link")
_params=$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' <<<"$_lab_link")
[ -n "$_level" ] || { echo "wasm-opt-flags.sh: no data-wasm-opt on the lab's rust link in www/index.html" >&2; return 1; }

# WASM_OPT_SIZE: the optimisation (trunk passes -O<level>, then the params, in this order);
# WASM_OPT_FEATURES: the wasm features rustc's wasm32 output uses, which binaryen must keep.
WASM_OPT_SIZE=("-O$_level")
WASM_OPT_FEATURES=()
for _f in $_params; do
  case $_f in
    --enable-*) WASM_OPT_FEATURES+=("$_f") ;;
    *) WASM_OPT_SIZE+=("$_f") ;;
  esac
done
unset _lab_link _level _params _f
