#!/usr/bin/env bash
# Load run: a grand tour seeded through the API (TOURS=30: 29 more restored from its backup, and every
# tour's pages read once), then its classifications page, its follow page, its TV page and the CSS
# file, each driven by wrk with 32 connections on loopback taking gzip as a browser does (MB/s is
# what went over the wire; ENCODING=identity asks for plain answers), printed side by side with the server's
# peak resident memory, its resident memory as the load ends, and once it has gone quiet (the server
# gives the memory a burst took back 3 s after the last request: app/quiet).
#   cmd/grandtour/load.sh   (DURATION=10s CONNECTIONS=32 PORT=18090 TOURS=1 QUIET=6 ENCODING=gzip to change them)
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk"; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
port=${PORT:-18090}
duration=${DURATION:-10s}
connections=${CONNECTIONS:-32}
tours=${TOURS:-1}
encoding=${ENCODING:-gzip}
dir=$(mktemp -d)
go build -o "$dir/racedirector" ./cmd/racedirector
go build -o "$dir/grandtour" ./cmd/grandtour
"$dir/racedirector" -addr "127.0.0.1:$port" -db "$dir/load.db" >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
echo "seeding a grand tour (30 teams of 6, 21 stages) through the API..."
id=$("$dir/grandtour" -url "$base")
page="/tours/$id/classifications"
if [ "$tours" -gt 1 ]; then
  echo "restoring $((tours - 1)) more copies from its backup, then reading each tour's pages once..."
  curl -fs "$base/api/v1/tours/$id/backup.json" -o "$dir/backup.json"
  for _ in $(seq $((tours - 1))); do
    curl -fs -X POST -H 'Content-Type: application/json' --data-binary @"$dir/backup.json" "$base/api/v1/tours/import" >/dev/null
  done
  for t in $(curl -fs "$base/api/v1/tours" | grep -o '"id":[0-9]*' | cut -d: -f2); do
    c=$(curl -fs "$base/api/v1/tours/$t" | grep -o '"follow_code":"[A-Z0-9]*"' | cut -d'"' -f4)
    for p in "/tours/$t/classifications" "/api/v1/tours/$t/standings" "/tours/$t/cycling-party" "/follow/$c" "/follow/$c/tv"; do
      curl -fs "$base$p" >/dev/null
    done
  done
fi
code=$(curl -fs "$base/api/v1/tours/$id" | grep -o '"follow_code":"[A-Z0-9]*"' | cut -d'"' -f4)
css=$(curl -fs "$base$page" | grep -o '/assets/[^"]*\.css' | head -1)
row() { # path → "req/s p50 p99 MB/s"
  local out; out=$(wrk -t2 -c"$connections" -d"$duration" --latency -H "Accept-Encoding: $encoding" "$base$1")
  local rps p50 p99 tps
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  tps=$(awk '/^Transfer\/sec:/ {v=$2; u=substr(v,length(v)-1); n=substr(v,1,length(v)-2)+0;
        if (u=="GB") n*=1024; else if (u=="KB") n/=1024; else if (u!="MB") n=substr(v,1,length(v)-1)/1048576; printf "%.1f", n}' <<<"$out")
  printf '%-40s %10s %9s %9s %9s\n' "$1" "$rps" "$p50" "$p99" "$tps"
}
printf '\n%-40s %10s %9s %9s %9s\n' "GET ($connections connections, $duration, $encoding)" "req/s" "p50" "p99" "MB/s"
row "$page"
row "/follow/$code"
row "/follow/$code/tv"
row "$css"
mb() { awk -v k="$1:" '$1==k {printf "%.0f", $2/1024}' "/proc/$pid/status"; }
memory() { printf '%s MB (%s MB its own, %s MB of files: the program)' "$(mb VmRSS)" "$(mb RssAnon)" "$(mb RssFile)"; }
printf '\n%s grand tours stored; server resident memory: peak %s MB, as the load ends %s\n' "$tours" "$(mb VmHWM)" "$(memory)"
quiet=${QUIET:-6}
sleep "$quiet"
printf 'after %s s without requests: %s\n' "$quiet" "$(memory)"
