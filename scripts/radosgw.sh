#!/usr/bin/env bash
# shellcheck disable=SC2317 # teardown, fail and osd_up run from traps and wait_for
# Opt-in: runs test/integration/real-stores.test.ts against a real radosgw (Ceph's S3 gateway,
# Debian 12's Ceph 16.2) on loopback, as well as s3rver and azurite. `npm run test:radosgw`.
#
# The cluster is one monitor, one OSD and one radosgw, all inside a fresh temp folder with their
# own ceph.conf: nothing under /etc/ceph or /var/lib/ceph is read or written, and every daemon
# listens on 127.0.0.1 only. Everything is torn down on exit, whatever happens.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The repo's Node (24) for vitest and for picking ports, also when not started by npm.
export PATH="$ROOT/node_modules/.bin:$PATH"
START=$SECONDS
ACCESS_KEY='RADOSGWTESTACCESSKEY'
SECRET_KEY='radosgw-test-secret-key-0123456789abcdef'
VITEST_TIMEOUT=900

log() { printf '[radosgw] %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

# --- 1. Install Ceph from Debian if missing -------------------------------------------------
# ceph-mon brings monmaptool, ceph-osd the OSD and the RADOS object classes radosgw calls,
# radosgw also radosgw-admin, ceph-common the `ceph` CLI. No ceph-mgr: pools and their PGs are
# created by the monitor, and radosgw serves S3 without a manager (health only warns).
NEEDED=(ceph-mon ceph-osd radosgw radosgw-admin ceph monmaptool curl)
missing=()
for tool in "${NEEDED[@]}"; do command -v "$tool" > /dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  log "missing ${missing[*]}: installing Ceph from Debian"
  install_start=$SECONDS
  export DEBIAN_FRONTEND=noninteractive
  # Root here and in this project's CI; a GitHub-hosted runner is not, and has sudo.
  sudo=()
  [[ $(id -u) == 0 ]] || sudo=(sudo --preserve-env=DEBIAN_FRONTEND)
  timeout 300 "${sudo[@]}" apt-get update -qq
  timeout 900 "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    ceph-mon ceph-osd radosgw ceph-common curl > /dev/null
  log "install took $((SECONDS - install_start)) s"
else
  log "Ceph already installed: $(ceph --version)"
fi

# --- 2. A one-node cluster in a temp folder ---------------------------------------------------
DIR="$(mktemp -d /tmp/radosgw.XXXXXX)"
CONF="$DIR/ceph.conf"
PIDS=()

teardown() {
  local rc=$?
  trap - EXIT
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2> /dev/null || true; done
  # Bounded: anything still up after 10 s is killed (memstore would otherwise write its whole
  # content to the temp folder on a clean shutdown, for nothing).
  for _ in $(seq 1 20); do
    local alive=0
    for pid in "${PIDS[@]}"; do kill -0 "$pid" 2> /dev/null && alive=1; done
    ((alive)) || break
    sleep 0.5
  done
  for pid in "${PIDS[@]}"; do kill -KILL "$pid" 2> /dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2> /dev/null || true; done
  rm -rf "$DIR"
  log "total time $((SECONDS - START)) s, exit code $rc"
  exit "$rc"
}
trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Shows the end of every daemon's log: why the cluster did not come up.
show_logs() {
  local file
  for file in "$DIR"/log/*; do
    [[ -s $file ]] || continue
    log "----- tail of ${file#"$DIR"/} -----"
    tail -n 25 "$file" >&2
  done
}
fail() {
  log "ERROR: $*"
  show_logs
  exit 1
}

# A free loopback port, chosen by the kernel.
free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => {
    console.log(s.address().port); s.close() })'
}
MON_PORT="$(free_port)"
RGW_PORT="$(free_port)"
FSID="$(cat /proc/sys/kernel/random/uuid)"
mkdir -p "$DIR"/{log,run,crash,mon,osd,rgw}

# Every path points into the temp folder; every address is 127.0.0.1 (msgr2 only, so each
# daemon binds one port). auth none: a throwaway cluster on loopback needs no keyrings.
# memstore: the OSD keeps objects in memory, so it needs no block device, no big file and no
# disk sync, and starts in a second; 1 GiB is ample for the test objects (48 MiB at most).
# One OSD: pools of size 1, which the monitor refuses unless told that is meant.
cat > "$CONF" << EOF
[global]
fsid = $FSID
mon host = [v2:127.0.0.1:$MON_PORT]
mon initial members = a
public addr = 127.0.0.1
cluster addr = 127.0.0.1
public network = 127.0.0.0/8
ms bind ipv4 = true
ms bind ipv6 = false
ms bind msgr1 = false
ms bind msgr2 = true
auth cluster required = none
auth service required = none
auth client required = none
# radosgw asks for a "secure" monitor connection by default, which auth none cannot give.
ms mon client mode = crc
auth allow insecure global id reclaim = false
keyring = $DIR/keyring
run dir = $DIR/run
crash dir = $DIR/crash
admin socket = $DIR/run/\$name.asok
pid file = $DIR/run/\$name.pid
log file = $DIR/log/\$name.log
# The monitor's cluster and audit logs go to /var/log/ceph unless told otherwise.
mon cluster log file = $DIR/log/cluster.log
log to stderr = false
err to stderr = true
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon data avail warn = 1
mon data avail crit = 0

[mon]
mon data = $DIR/mon/\$name

[osd]
osd data = $DIR/osd/\$name
osd objectstore = memstore
memstore device bytes = $((1024 * 1024 * 1024))
osd crush update on start = true

[client]
rgw data = $DIR/rgw/\$name
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
rgw init timeout = 120
rgw enable usage log = false
EOF
# Every Ceph tool reads this file, never /etc/ceph/ceph.conf.
export CEPH_CONF="$CONF"
ceph_cli() { timeout 30 ceph -c "$CONF" --connect-timeout 10 "$@"; }

# Starts a daemon in the foreground (-f), in the background of this script, so its pid is ours.
start_daemon() {
  local name=$1
  shift
  "$@" -c "$CONF" -f > "$DIR/log/$name.out" 2>&1 &
  PIDS+=($!)
}
# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" > /dev/null 2>&1; do
    for pid in "${PIDS[@]}"; do kill -0 "$pid" 2> /dev/null || fail "a daemon died before $what"; done
    ((SECONDS < deadline)) || fail "no $what after ${seconds} s"
    sleep 1
  done
}

cluster_start=$SECONDS
log "cluster in $DIR: monitor on 127.0.0.1:$MON_PORT, radosgw on 127.0.0.1:$RGW_PORT"

# The monitor: a monmap naming only itself, then its store.
timeout 30 monmaptool --create --fsid "$FSID" --addv a "[v2:127.0.0.1:$MON_PORT]" \
  "$DIR/monmap" > /dev/null
timeout 60 ceph-mon -c "$CONF" --mkfs -i a --monmap "$DIR/monmap" \
  > "$DIR/log/mon.a.mkfs" 2>&1 || fail "ceph-mon --mkfs failed"
start_daemon mon.a ceph-mon -i a
wait_for 60 "monitor quorum" ceph_cli quorum_status

# The OSD: its id from the monitor, then an empty memstore, then the daemon. It adds itself to
# the CRUSH map on start.
OSD_UUID="$(cat /proc/sys/kernel/random/uuid)"
OSD_ID="$(ceph_cli osd new "$OSD_UUID")"
mkdir -p "$DIR/osd/osd.$OSD_ID"
timeout 60 ceph-osd -c "$CONF" -i "$OSD_ID" --mkfs --osd-uuid "$OSD_UUID" \
  > "$DIR/log/osd.$OSD_ID.mkfs" 2>&1 || fail "ceph-osd --mkfs failed"
start_daemon "osd.$OSD_ID" ceph-osd -i "$OSD_ID"
osd_up() { [[ "$(ceph_cli osd stat --format json)" == *'"num_up_osds":1'* ]]; }
wait_for 60 "OSD up" osd_up

# radosgw creates its pools on first start; it answers HTTP once they are usable.
start_daemon client.rgw.a radosgw -n client.rgw.a
wait_for 150 "radosgw answering on 127.0.0.1:$RGW_PORT" \
  timeout 5 curl -fsS -o /dev/null "http://127.0.0.1:$RGW_PORT/"
log "cluster up in $((SECONDS - cluster_start)) s"

# --- 3. An S3 user with fixed keys --------------------------------------------------------------
timeout 60 radosgw-admin -c "$CONF" user create --uid=test --display-name=test \
  --access-key="$ACCESS_KEY" --secret="$SECRET_KEY" > "$DIR/log/user-create.out" 2>&1 ||
  fail "radosgw-admin user create failed: $(cat "$DIR/log/user-create.out")"

# --- 4. The suite, with radosgw opted in -----------------------------------------------------
export RADOSGW_PORT="$RGW_PORT" RADOSGW_ACCESS_KEY="$ACCESS_KEY" RADOSGW_SECRET_KEY="$SECRET_KEY"
cd "$ROOT"
vitest_start=$SECONDS
set +e
timeout "$VITEST_TIMEOUT" npx vitest run test/integration/real-stores.test.ts
rc=$?
set -e
((rc == 124)) && log "vitest did not finish within $VITEST_TIMEOUT s"
log "vitest took $((SECONDS - vitest_start)) s, exit code $rc"
exit "$rc"
