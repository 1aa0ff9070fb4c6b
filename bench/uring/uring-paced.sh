#!/bin/bash
OUT=/tmp/uring-ab/paced; mkdir -p $OUT; BIN=/tmp/uring-rel/release/aula
cd /work/uring
for tag in off on; do
  if [ $tag = off ]; then export AULA_IO_URING=off; else unset AULA_IO_URING; fi
  flock /tmp/cpu.lock $BIN bench hangman --pace paced --rooms 2000 --seconds 16 --out $OUT/$tag.md > $OUT/$tag.log 2>&1
  echo "== $tag load=$(cut -d' ' -f1 /proc/loadavg)"; grep -E "^\| (aula|baseline)-paced" $OUT/$tag.md; grep -i "slice" $OUT/$tag.md | grep -i p99 | head -2
done
