#!/bin/sh
# node_agent.sh - an rsh agent for Open MPI (--mca plm_rsh_agent) that
# emulates nodes on one machine: "node_agent.sh [options] HOST CMD..." runs
# CMD (the node's orted) in its own UTS namespace whose host name is HOST,
# so Open MPI sees one node per name and talks TCP over the loopback
# between them (tests/mpi/run_nodes.sh, docs/cluster.md). HOST must not
# resolve (never add it to /etc/hosts: Open MPI then takes it for the
# local machine).
# Node-local disks: with SESHAT_NODE_DISKS=DIR (in mpirun's environment)
# the node also gets its own mount namespace in which DIR/HOST is mounted
# on DIR/local, so every node writes "DIR/local" to a disk of its own
# (mpirun's machine, which this agent does not start, keeps DIR/local).
while [ $# -gt 0 ]; do
    case "$1" in -*) shift ;; *) break ;; esac
done
host=$1
shift
if [ -n "$SESHAT_NODE_DISKS" ]; then
    mkdir -p "$SESHAT_NODE_DISKS/$host" || exit 1
    exec unshare --uts --mount sh -c "hostname $host &&
        mount --bind '$SESHAT_NODE_DISKS/$host' '$SESHAT_NODE_DISKS/local' && exec $*"
fi
exec unshare --uts sh -c "hostname $host; exec $*"
