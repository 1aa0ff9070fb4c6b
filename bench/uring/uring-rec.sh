#!/bin/bash
# usage: uring-rec.sh LABEL off|on : perf record the aula server at saturation (no call graphs), 10 s
L=$1; OUT=/tmp/uring-ab/$L; mkdir -p $OUT; BIN=/tmp/uring-rel/release/aula
if [ "$2" = off ]; then export AULA_IO_URING=off; else unset AULA_IO_URING; fi
cd /work/uring
$BIN bench hangman --pace saturation --rooms 2000 --seconds 24 --out $OUT/bench.md > $OUT/bench.log 2>&1 &
B=$!
for i in $(seq 1 200); do n=$(ps --ppid $B -o pid=,args= | grep -c "bench-agent"); [ "$n" -ge 1 ] && break; sleep 0.5; done
sleep 3
AULA=$(ps --ppid $B -o pid=,args= | grep " serve " | grep -v "board-port [1-9]" | awk '{print $1}' | head -1)
perf record -F 999 -p $AULA -o $OUT/aula.data -- sleep 10 > $OUT/perf.log 2>&1 &
perf stat -e task-clock,syscalls:sys_enter_recvfrom -p $AULA -o $OUT/stat.txt -- sleep 10 &
wait $B
echo done
