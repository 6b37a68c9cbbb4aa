! conformance-np: 4 (ranks tests/mpi/run_conformance.sh starts)
! f_coll.f90 - MPI-3.1 chapter 5 from Fortran (`use mpi`): collectives
! with uneven v-variant counts, MPI_IN_PLACE (allreduce, reduce at the
! root, gatherv at the root, allgatherv, alltoall) and nonblocking ones.
program f_coll
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, i, total, req
  integer :: counts(0:7), displs(0:7), sbuf(64), rbuf(64), v(4)
  double precision :: d(3)
  character(len=300) :: line

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  counts(0:nprocs-1) = [(i + 1, i = 0, nprocs - 1)]
  displs(0) = 0
  do i = 1, nprocs - 1
    displs(i) = displs(i - 1) + counts(i - 1) + 1   ! a gap between blocks
  end do
  total = displs(nprocs - 1) + counts(nprocs - 1)
  sbuf = [(rank * 100 + i, i = 1, 64)]

  ! bcast, reduce, allreduce in place
  v = 0
  if (rank == 1) v = [5, 6, 7, 8]
  call MPI_Bcast(v, 4, MPI_INTEGER, 1, MPI_COMM_WORLD, ierr)
  write(line, '(A,4(1X,I0))') 'bcast', v
  call out(line)
  v = [rank, rank * 2, -rank, 1]
  if (rank == 2) then
    call MPI_Reduce(MPI_IN_PLACE, v, 4, MPI_INTEGER, MPI_SUM, 2, MPI_COMM_WORLD, ierr)
    write(line, '(A,4(1X,I0))') 'reduce in place at root', v
    call out(line)
  else
    call MPI_Reduce(v, rbuf, 4, MPI_INTEGER, MPI_SUM, 2, MPI_COMM_WORLD, ierr)
  end if
  d = [dble(rank), 1.5d0, -dble(rank)]
  call MPI_Allreduce(MPI_IN_PLACE, d, 3, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  write(line, '(A,3(1X,F6.2))') 'allreduce in place max', d
  call out(line)

  ! gatherv into gaps, root in place
  rbuf = -1
  if (rank == 0) then
    rbuf(displs(0)+1:displs(0)+counts(0)) = sbuf(1:counts(0))
    call MPI_Gatherv(MPI_IN_PLACE, 0, MPI_INTEGER, rbuf, counts, displs, MPI_INTEGER, 0, &
         MPI_COMM_WORLD, ierr)
    write(line, '(A,64(1X,I0))') 'gatherv in place', rbuf(1:total)
    call out(line)
  else
    call MPI_Gatherv(sbuf, counts(rank), MPI_INTEGER, rbuf, counts, displs, MPI_INTEGER, 0, &
         MPI_COMM_WORLD, ierr)
  end if

  ! scatterv from rank 3
  rbuf = -1
  call MPI_Scatterv(sbuf, counts, displs, MPI_INTEGER, rbuf, counts(rank), MPI_INTEGER, 3, &
       MPI_COMM_WORLD, ierr)
  write(line, '(A,8(1X,I0))') 'scatterv', rbuf(1:counts(rank)+1)
  call out(line)

  ! allgatherv in place
  rbuf = -1
  rbuf(displs(rank)+1:displs(rank)+counts(rank)) = sbuf(1:counts(rank))
  call MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_INTEGER, rbuf, counts, displs, MPI_INTEGER, &
       MPI_COMM_WORLD, ierr)
  write(line, '(A,64(1X,I0))') 'allgatherv in place', rbuf(1:total)
  call out(line)

  ! alltoallv with uneven counts: rank r sends j+1 items to rank j
  block
    integer :: sc(0:7), sd(0:7), rc(0:7), rd(0:7)
    do i = 0, nprocs - 1
      sc(i) = i + 1
      rc(i) = rank + 1
    end do
    sd(0) = 0
    rd(0) = 0
    do i = 1, nprocs - 1
      sd(i) = sd(i - 1) + sc(i - 1)
      rd(i) = rd(i - 1) + rc(i - 1)
    end do
    rbuf = -1
    call MPI_Alltoallv(sbuf, sc, sd, MPI_INTEGER, rbuf, rc, rd, MPI_INTEGER, MPI_COMM_WORLD, ierr)
    write(line, '(A,64(1X,I0))') 'alltoallv', rbuf(1:rd(nprocs-1)+rc(nprocs-1))
    call out(line)
  end block

  ! alltoall in place
  rbuf(1:nprocs) = [(rank * 10 + i, i = 0, nprocs - 1)]
  call MPI_Alltoall(MPI_IN_PLACE, 0, MPI_INTEGER, rbuf, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  write(line, '(A,8(1X,I0))') 'alltoall in place', rbuf(1:nprocs)
  call out(line)

  ! scan, exscan, reduce_scatter_block
  call MPI_Scan(rank + 1, i, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  write(line, '(A,I0)') 'scan ', i
  call out(line)
  v = [(rank + i, i = 1, 4)]
  call MPI_Reduce_scatter_block(v, i, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  write(line, '(A,I0)') 'reduce_scatter_block ', i
  call out(line)

  ! nonblocking: iallreduce in place, igatherv, ibcast
  v = [rank, 1, 2, 3]
  call MPI_Iallreduce(MPI_IN_PLACE, v, 4, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  write(line, '(A,4(1X,I0))') 'iallreduce in place', v
  call out(line)
  rbuf = -1
  call MPI_Igatherv(sbuf, counts(rank), MPI_INTEGER, rbuf, counts, displs, MPI_INTEGER, 1, &
       MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  if (rank == 1) then
    write(line, '(A,64(1X,I0))') 'igatherv', rbuf(1:total)
    call out(line)
  end if
  call MPI_Ibarrier(MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call out('done')
  call MPI_Finalize(ierr)

contains

  subroutine out(text)
    character(len=*), intent(in) :: text
    write(*, '(A,I0,A,A)') 'C ', rank, ' ', trim(text)
    flush(6)
  end subroutine out

end program f_coll
