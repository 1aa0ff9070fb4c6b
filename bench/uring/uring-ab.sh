#!/bin/bash
# usage: uring-ab.sh LABEL N : same binary, alternate AULA_IO_URING=off / on, saturation runs
L=$1; N=$2; BIN=/tmp/uring-rel/release/aula; OUT=/tmp/uring-ab/$L; mkdir -p $OUT
cd /work/uring
for i in $(seq 1 $N); do
  for tag in off on; do
    if [ $tag = off ]; then export AULA_IO_URING=off; else unset AULA_IO_URING; fi
    flock /tmp/cpu.lock $BIN bench hangman --pace saturation --rooms 2000 --seconds 16 --out $OUT/$tag$i.md > $OUT/$tag$i.log 2>&1
    au=$(grep -E "^\| aula-saturation" $OUT/$tag$i.md | awk -F'|' '{print $9, $10}')
    ba=$(grep -E "^\| baseline-saturation" $OUT/$tag$i.md | awk -F'|' '{print $9}')
    up=$(grep "Saturation updates/s" $OUT/$tag$i.md | grep -o "median [0-9.]*")
    echo "$tag$i aula(cpu,main)=$au base=$ba $up load=$(cut -d' ' -f1 /proc/loadavg)" | tee -a $OUT/summary.txt
  done
done
