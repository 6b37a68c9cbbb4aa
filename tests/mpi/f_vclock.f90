! f_vclock.f90 - Fortran's own clocks under seshat (docs/models.md, "The
! program's clocks"): 5 round trips of 0 bytes between ranks 0 and 1,
! timed with system_clock (libgfortran reads clock_gettime: virtual) and
! cpu_time (CPU time: real). Rank 0 prints "RESULT system_clock_ns NS" and
! "RESULT cpu_time_us US".
program f_vclock
  use mpi
  implicit none
  integer :: ierr, rank, i, st(MPI_STATUS_SIZE)
  integer(8) :: c0, c1, rate
  real :: cpu0, cpu1
  character :: b(1)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call system_clock(c0, rate)
  call cpu_time(cpu0)
  do i = 1, 5
    if (rank == 0) then
      call MPI_Send(b, 0, MPI_CHARACTER, 1, 1, MPI_COMM_WORLD, ierr)
      call MPI_Recv(b, 0, MPI_CHARACTER, 1, 1, MPI_COMM_WORLD, st, ierr)
    else if (rank == 1) then
      call MPI_Recv(b, 0, MPI_CHARACTER, 0, 1, MPI_COMM_WORLD, st, ierr)
      call MPI_Send(b, 0, MPI_CHARACTER, 0, 1, MPI_COMM_WORLD, ierr)
    end if
  end do
  call system_clock(c1)
  call cpu_time(cpu1)
  if (rank == 0) then
    print '(a,i0)', 'RESULT system_clock_ns ', (c1 - c0) * (1000000000_8 / rate)
    print '(a,i0)', 'RESULT cpu_time_us ', int((cpu1 - cpu0) * 1e6)
  end if
  call MPI_Finalize(ierr)
end program f_vclock
