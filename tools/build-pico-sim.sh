#!/bin/sh
# Builds picoquic's network simulator (pico_sim) from local source trees, for the reference runs
# of docs/statistics.md ("Making the reference from picoquic"). No network access is needed: the
# sources come from stored snapshots, e.g.
#   git --git-dir=.../picoquic/repo archive HEAD | tar -m -x -C /tmp/picoquic-src
#   git --git-dir=.../picotls/repo  archive HEAD | tar -m -x -C /tmp/picotls-src
# (-m: git archive stamps files with the commit's time; extracting another commit over a built
# tree without -m leaves the sources older than the objects, and make rebuilds nothing.)
# Needs cmake, gcc, make and libssl-dev. Prints the path of the built pico_sim.
#
# usage: tools/build-pico-sim.sh PICOQUIC_SOURCE_DIR PICOTLS_SOURCE_DIR [JOBS]
set -eu

if [ $# -lt 2 ] || [ ! -f "$1/CMakeLists.txt" ] || [ ! -f "$2/CMakeLists.txt" ]; then
  echo "usage: $0 PICOQUIC_SOURCE_DIR PICOTLS_SOURCE_DIR [JOBS] (both directories hold a CMakeLists.txt)" >&2
  exit 2
fi
picoquic=$(cd "$1" && pwd)
picotls=$(cd "$2" && pwd)
jobs=${3:-2}

# A `git archive` leaves picotls's submodule deps/picotest empty. Only picotls's own test
# programs use it, and CMake refuses to generate a project whose sources are missing, so an
# empty source file stands in for it; none of the libraries built below includes it.
if [ ! -f "$picotls/deps/picotest/picotest.c" ]; then
  mkdir -p "$picotls/deps/picotest"
  : > "$picotls/deps/picotest/picotest.c"
  : > "$picotls/deps/picotest/picotest.h"
fi

# Fusion (AES-NI assembly) is off: the simulator's figures do not depend on the AEAD engine, and
# leaving it out keeps the build independent of the host's CPU flags.
cmake -S "$picotls" -B "$picotls/build" -DCMAKE_BUILD_TYPE=Release -DWITH_FUSION=OFF >/dev/null
cmake --build "$picotls/build" -j "$jobs" \
  --target picotls-core picotls-openssl picotls-minicrypto >/dev/null

cmake -S "$picoquic" -B "$picoquic/build" -DCMAKE_BUILD_TYPE=Release \
  -DPICOQUIC_FETCH_PTLS=OFF -DWITH_FUSION=OFF -DPTLS_WITH_FUSION=OFF \
  -DPTLS_INCLUDE_DIR="$picotls/include" \
  -DPTLS_CORE_LIBRARY="$picotls/build/libpicotls-core.a" \
  -DPTLS_OPENSSL_LIBRARY="$picotls/build/libpicotls-openssl.a" \
  -DPTLS_MINICRYPTO_LIBRARY="$picotls/build/libpicotls-minicrypto.a" \
  -DPTLS_FUSION_LIBRARY=PTLS_FUSION_LIBRARY-NOTFOUND \
  -DBUILD_PICO_SIM=ON >/dev/null
cmake --build "$picoquic/build" -j "$jobs" --target pico_sim >/dev/null

echo "$picoquic/build/pico_sim"
