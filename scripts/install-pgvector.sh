#!/usr/bin/env bash
# Makes the pgvector extension available to the local PostgreSQL 15 when it is missing, from Debian:
# the binary package postgresql-15-pgvector when the apt sources have it; otherwise (bookworm has
# none) Debian's own pgvector source package, built against postgresql-server-dev-15.
set -euo pipefail
[ -f /usr/share/postgresql/15/extension/vector.control ] && exit 0
[ "$(id -u)" = 0 ] || { echo "pgvector is missing; install it as root: apt-get install -y postgresql-15-pgvector"; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if apt-get install -y -qq postgresql-15-pgvector >/dev/null 2>&1; then exit 0; fi
echo "No postgresql-15-pgvector binary package here; building Debian's pgvector source"
cat > /etc/apt/sources.list.d/weft-pgvector-src.sources <<'SOURCES'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
apt-get update -qq
apt-get install -y -qq postgresql-server-dev-15 dpkg-dev >/dev/null
work="$(mktemp -d)"
(cd "$work" && apt-get source -qq pgvector >/dev/null 2>&1)
src="$(find "$work" -maxdepth 1 -type d -name 'pgvector-*' | head -1)"
[ -n "$src" ] || { echo "Could not fetch Debian's pgvector source"; exit 1; }
make -s -C "$src" PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config OPTFLAGS="" >/dev/null
make -s -C "$src" install PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config >/dev/null
rm -rf "$work"
echo "pgvector installed"
