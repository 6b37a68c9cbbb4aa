! pingpong_usempi.f90 - round trip between ranks 0 and 1 with `use mpi`,
! nonblocking on rank 0. Prints "RESULT fortran-usempi SIZE NS".
program pingpong_usempi
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, k, n, reqs(2)
  integer :: statuses(MPI_STATUS_SIZE, 2), status(MPI_STATUS_SIZE)
  integer, parameter :: sizes(3) = [8, 1024, 1048576]
  character, allocatable :: sbuf(:), rbuf(:)
  double precision :: t0, t1
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  do k = 1, 3
    n = sizes(k)
    allocate(sbuf(n), rbuf(n))
    t0 = MPI_Wtime()
    if (rank == 0) then
      call MPI_Irecv(rbuf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD, reqs(2), ierr)
      call MPI_Isend(sbuf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD, reqs(1), ierr)
      call MPI_Waitall(2, reqs, statuses, ierr)
    else if (rank == 1) then
      call MPI_Recv(rbuf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD, status, ierr)
      call MPI_Send(sbuf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD, ierr)
    end if
    t1 = MPI_Wtime()
    if (rank == 0) write(*, '(A,I0,A,I0)') 'RESULT fortran-usempi ', n, ' ', nint((t1 - t0) * 1d9)
    deallocate(sbuf, rbuf)
  end do
  write(*, '(A,I0,A,I0)') 'SIZE ', rank, ' ', nprocs
  call MPI_Finalize(ierr)
end program pingpong_usempi
