# Source this file from the project's root (`. scripts/use-node.sh`) to run on Node 24 LTS: when the
# machine's `node` is older, the npm registry's `node` package (the real binary) is installed once
# into the git-ignored .tools/ folder and put first on the PATH. npm start, npm test and .ci/run use it.
atelier_tools="$(cd "$(dirname "${BASH_SOURCE:-$PWD/scripts/use-node.sh}")/.." && pwd)/.tools/node"
atelier_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(atelier_major node)" -lt 24 ]; then
  if [ "$(atelier_major "$atelier_tools/node_modules/node/bin/node")" -lt 24 ]; then
    echo "Node $(node --version 2>/dev/null) is older than 24: installing Node 24 into .tools/" >&2
    mkdir -p "$atelier_tools"
    npm install --prefix "$atelier_tools" --no-save --no-audit --no-fund --loglevel=error node@24 >&2 ||
      echo "use-node.sh: could not install Node 24 from the npm registry" >&2
  fi
  PATH="$atelier_tools/node_modules/node/bin:$PATH"
  export PATH
  hash -r
fi
unset atelier_tools
unset -f atelier_major
