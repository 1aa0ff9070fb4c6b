#!/bin/bash
# usage: tools/fanout-syscalls.sh PATH/TO/aula LABEL [window_seconds]   (as root: perf)
# Runs `aula bench hangman --pace saturation` and, once the slices run, counts
# syscalls / context switches per server (Aula plain, Aula with the board, the C
# baseline) with perf stat, plus utime/stime from /proc over the same window,
# into /tmp/fanout-syscalls/LABEL (bench/REPORT.md, "Fan-out (session 6)").
# Per guess: divide by the server's recvfrom count (the baseline's by half of it).
BIN=$(realpath "$1"); LABEL=$2; WIN=${3:-100}
OUT=/tmp/fanout-syscalls/$LABEL; mkdir -p $OUT
cd "$(dirname "$0")/.."
$BIN bench hangman --pace saturation --rooms 2000 --seconds 48 --out $OUT/bench.md > $OUT/bench.log 2>&1 &
BENCH=$!
echo $BENCH > $OUT/bench.pid
# wait until the three agents exist and the slices start: agents are children of bench
for i in $(seq 1 200); do
  n=$(ps --ppid $BENCH -o pid=,args= | grep -c "bench-agent")
  [ "$n" -ge 3 ] && break
  sleep 1
done
sleep 2
ps --ppid $BENCH -o pid=,args= | cut -c1-160 > $OUT/children.txt
AULA=$(ps --ppid $BENCH -o pid=,args= | grep " serve " | grep -v "board-port [1-9]" | awk '{print $1}' | head -1)
BOARD=$(ps --ppid $BENCH -o pid=,args= | grep " serve " | grep "board-port [1-9]" | awk '{print $1}' | head -1)
BASE=$(ps --ppid $BENCH -o pid=,args= | grep "/baseline " | awk '{print $1}' | head -1)
echo "aula=$AULA board=$BOARD base=$BASE" > $OUT/pids.txt
EV=task-clock,context-switches,cpu-migrations,syscalls:sys_enter_sendto,syscalls:sys_enter_recvfrom,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_epoll_ctl,syscalls:sys_enter_futex,syscalls:sys_enter_pwrite64,syscalls:sys_enter_write,syscalls:sys_enter_read,syscalls:sys_enter_fdatasync,syscalls:sys_enter_clock_gettime,syscalls:sys_enter_epoll_pwait
stat() { awk '{print $14, $15}' /proc/$1/stat; }
ticks() { awk '{print $14+$15}' /proc/$1/stat; }
# the slices have started once the baseline burns CPU (its own slice is the second)
for i in $(seq 1 300); do
  a=$(ticks $BASE); sleep 1; b=$(ticks $BASE)
  [ $((b-a)) -ge 20 ] && break
done
date -u +%T > $OUT/start.txt; uptime >> $OUT/start.txt
ALL=$(ps --ppid $BENCH -o pid=); for p in $ALL; do stat $p > $OUT/stat0.$p; done
perf stat -e $EV -p $AULA -o $OUT/perf.aula.txt -- sleep $WIN & P1=$!
perf stat -e $EV -p $BASE -o $OUT/perf.base.txt -- sleep $WIN & P2=$!
perf stat -e $EV -p $BOARD -o $OUT/perf.board.txt -- sleep $WIN & P3=$!
wait $P1 $P2 $P3
for p in $ALL; do stat $p > $OUT/stat1.$p; done
wait $BENCH
echo done
