! pingpong_f08.f90 - round trip between ranks 0 and 1 with `use mpi_f08`.
! Prints "RESULT fortran-f08 SIZE NS".
program pingpong_f08
  use mpi_f08
  implicit none
  integer :: rank, nprocs, k, n
  type(MPI_Status) :: status
  integer, parameter :: sizes(3) = [8, 1024, 1048576]
  character, allocatable :: buf(:)
  double precision :: t0, t1
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  do k = 1, 3
    n = sizes(k)
    allocate(buf(n))
    t0 = MPI_Wtime()
    if (rank == 0) then
      call MPI_Send(buf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD)
      call MPI_Recv(buf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD, status)
    else if (rank == 1) then
      call MPI_Recv(buf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD, status)
      call MPI_Send(buf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD)
    end if
    t1 = MPI_Wtime()
    if (rank == 0) write(*, '(A,I0,A,I0)') 'RESULT fortran-f08 ', n, ' ', nint((t1 - t0) * 1d9)
    deallocate(buf)
  end do
  write(*, '(A,I0,A,I0)') 'SIZE ', rank, ' ', nprocs
  call MPI_Finalize()
end program pingpong_f08
