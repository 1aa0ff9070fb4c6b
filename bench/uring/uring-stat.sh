#!/bin/bash
# usage: uring-stat.sh LABEL off|on : perf stat syscalls of the aula server at saturation + thread names
L=$1; OUT=/tmp/uring-ab/$L; mkdir -p $OUT; BIN=/tmp/uring-rel/release/aula
if [ "$2" = off ]; then export AULA_IO_URING=off; else unset AULA_IO_URING; fi
cd /work/uring
$BIN bench hangman --pace saturation --rooms 2000 --seconds 24 --out $OUT/bench.md > $OUT/bench.log 2>&1 &
B=$!
for i in $(seq 1 200); do n=$(ps --ppid $B -o pid=,args= | grep -c "bench-agent"); [ "$n" -ge 1 ] && break; sleep 0.5; done
sleep 3
AULA=$(ps --ppid $B -o pid=,args= | grep " serve " | grep -v "board-port [1-9]" | awk '{print $1}' | head -1)
echo "aula $AULA" > $OUT/pids
tr '\0' ' ' < /proc/$AULA/environ | grep -o "AULA_IO_URING=[a-z]*" >> $OUT/pids
perf stat -e task-clock,syscalls:sys_enter_sendto,syscalls:sys_enter_io_uring_enter,syscalls:sys_enter_recvfrom,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_epoll_ctl -p $AULA -o $OUT/stat.txt -- sleep 10 &
S=$!
for k in 1 2 3 4 5; do sleep 1.5; for t in /proc/$AULA/task/*; do cat $t/comm; done | sort | uniq -c | tr '\n' ';' >> $OUT/threads.txt; echo >> $OUT/threads.txt; done
wait $S
wait $B
echo done
