#!/bin/sh
# node_agent.sh - an rsh agent for Open MPI (--mca plm_rsh_agent) that
# emulates nodes on one machine: "node_agent.sh [options] HOST CMD..." runs
# CMD (the node's orted) in its own UTS namespace whose host name is HOST,
# so Open MPI sees one node per name and talks TCP over the loopback
# between them (tests/mpi/run_nodes.sh, docs/cluster.md). HOST must not
# resolve (never add it to /etc/hosts: Open MPI then takes it for the
# local machine).
while [ $# -gt 0 ]; do
    case "$1" in -*) shift ;; *) break ;; esac
done
host=$1
shift
exec unshare --uts sh -c "hostname $host; exec $*"
