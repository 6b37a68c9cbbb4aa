#!/bin/sh
# Install the Debian packages seshat needs, only those missing (run as root).
set -e
pkgs="make gcc gfortran python3 openmpi-bin libopenmpi-dev liblz4-dev lz4 libiniparser-dev libcmocka-dev libdw-dev libotf2-trace-dev otf2-tools time gnuplot-nox chromium bsdutils libsimgrid-dev hpcc lammps python3-mpi4py"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "seshat: installing:$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
