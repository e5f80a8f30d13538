#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 as user postgres without a password:
# starts the machine's cluster if it has stopped, and installs one if the machine has none.
set -euo pipefail

answers() { psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atc 'SELECT 1' >/dev/null 2>&1; }

if answers; then exit 0; fi

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  echo "installing PostgreSQL from the system's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
hba="/etc/postgresql/$version/main/pg_hba.conf"
# Tests connect over TCP as postgres with no password, as on the project's machines.
if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
  sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start || pg_ctlcluster --skip-systemctl-redirect "$version" main reload

for _ in $(seq 1 50); do
  if answers; then exit 0; fi
  sleep 0.2
done
echo "PostgreSQL did not answer on 127.0.0.1:5432" >&2
exit 1
