! rma_f.f90 - one-sided calls from Fortran (use mpi): a window on an
! array, an exclusive lock epoch with one put of 1024 doubles from rank 0
! to rank 1, then a fence epoch with one get. Prints "RESULT rma_f-<step>
! <rank> <ns>" (times from the first barrier's exit) and "RESULT
! rma_f-check <rank> <0 or 1>" (tests/mpi/run_rma.sh).
program rma_f
  use mpi
  implicit none
  integer, parameter :: n = 1024
  integer :: ierr, rank, win, i, bad
  integer(kind=MPI_ADDRESS_KIND) :: winsize, disp
  double precision :: buf(n), src(n), t0
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  do i = 1, n
    buf(i) = 0
    src(i) = rank * 1000 + i
  end do
  winsize = 8 * n
  call MPI_Win_create(buf, winsize, 8, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  disp = 0
  if (rank == 0) then
    call MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win, ierr)
    call MPI_Put(src, n, MPI_DOUBLE_PRECISION, 1, disp, n, MPI_DOUBLE_PRECISION, win, ierr)
    call MPI_Win_unlock(1, win, ierr)
    print '(a,i0,a,i0)', 'RESULT rma_f-unlock ', rank, ' ', nint((MPI_Wtime() - t0) * 1d9)
  end if
  call MPI_Win_fence(0, win, ierr)
  if (rank == 0) call MPI_Get(src, n, MPI_DOUBLE_PRECISION, 1, disp, n, MPI_DOUBLE_PRECISION, &
                              win, ierr)
  call MPI_Win_fence(0, win, ierr)
  bad = 0
  do i = 1, n
    if (rank == 1 .and. buf(i) /= i) bad = 1
    if (rank == 0 .and. src(i) /= i) bad = 1
  end do
  print '(a,i0,a,i0)', 'RESULT rma_f-check ', rank, ' ', 1 - bad
  call MPI_Win_free(win, ierr)
  call MPI_Finalize(ierr)
end program rma_f
