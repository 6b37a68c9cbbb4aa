#!/bin/bash
# smpif90-fixed.sh - SimGrid's smpif90 for NPB's fixed-form sources.
#
# smpif90 (SimGrid 3.32) treats only .f90/.F90 arguments as sources: for a
# .f file it neither renames the main program (SMPI needs it as a
# subroutine) nor names the object (`smpif90 -c x.f` writes `.o`). This
# hands it a .f90 copy beside the original, compiled with -ffixed-form,
# and names the object x.o. Use it as MPIFC in NPB's config/make.def.
args=()
comp=0
haso=0
obj=""
for a in "$@"; do
    case $a in
        -c) comp=1; args+=("$a") ;;
        -o) haso=1; args+=("$a") ;;
        *.f) b=${a%.f}
             cp "$a" "$b.smpi.f90" || exit 1
             args+=(-ffixed-form "$b.smpi.f90")
             obj="$b.o" ;;
        *) args+=("$a") ;;
    esac
done
[ $comp = 1 ] && [ $haso = 0 ] && [ -n "$obj" ] && args+=(-o "$obj")
exec smpif90 "${args[@]}"
