! conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts)
! f_p2p.f90 - MPI-3.1 chapters 3 and 3.7 from Fortran (`use mpi`): sends
! and receives with statuses, MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE,
! wildcards, probes, and completion by polling (Request_get_status, Test,
! Testall) while a synchronous send waits on the poller. Result lines are
! "C <rank> <text>" as in conf.h.
program f_p2p
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, i, n, peer, src, tag
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 4)
  integer :: reqs(4), buf(8), rbuf(8), r4(4)
  logical :: flag
  character(len=200) :: line, byrank(0:15)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  ! blocking send/recv, status fields and MPI_Get_count
  buf = [(rank * 10 + i, i = 1, 8)]
  if (rank == 0) then
    do i = 1, nprocs - 1
      call MPI_Recv(rbuf, 8, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status, ierr)
      call MPI_Get_count(status, MPI_INTEGER, n, ierr)
      src = status(MPI_SOURCE)
      tag = status(MPI_TAG)
      write(byrank(src), '(A,I0,A,I0,A,I0,A,I0)') 'recv any: source ', src, ' tag ', tag, &
           ' count ', n, ' first ', rbuf(1)
    end do
    do i = 1, nprocs - 1   ! arrival order is not deterministic
      call out(byrank(i))
    end do
  else
    call MPI_Send(buf, rank + 2, MPI_INTEGER, 0, 100 + rank, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)

  ! ring with Sendrecv, status ignored
  peer = mod(rank + 1, nprocs)
  src = mod(rank + nprocs - 1, nprocs)
  call MPI_Sendrecv(buf, 8, MPI_INTEGER, peer, 7, rbuf, 8, MPI_INTEGER, src, 7, &
       MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  write(line, '(A,8(1X,I0))') 'sendrecv got', rbuf
  call out(line)

  ! nonblocking exchange, Waitall with MPI_STATUSES_IGNORE and with statuses
  call MPI_Irecv(rbuf, 4, MPI_INTEGER, src, 1, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Irecv(rbuf(5), 4, MPI_INTEGER, peer, 2, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Isend(buf, 4, MPI_INTEGER, peer, 1, MPI_COMM_WORLD, reqs(3), ierr)
  call MPI_Isend(buf(5), 4, MPI_INTEGER, src, 2, MPI_COMM_WORLD, reqs(4), ierr)
  call MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE, ierr)
  write(line, '(A,8(1X,I0),A,L1)') 'waitall ignore got', rbuf, ' null ', all(reqs == MPI_REQUEST_NULL)
  call out(line)
  call MPI_Irecv(rbuf, 2, MPI_INTEGER, src, 3, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_Isend(buf, 2, MPI_INTEGER, peer, 3, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_Waitall(2, reqs, statuses, ierr)
  call MPI_Get_count(statuses(:, 1), MPI_INTEGER, n, ierr)
  write(line, '(A,I0,A,I0,A,I0)') 'waitall statuses: source ', statuses(MPI_SOURCE, 1), &
       ' tag ', statuses(MPI_TAG, 1), ' count ', n
  call out(line)

  ! probe then receive the probed size
  if (rank == 1) call MPI_Send(buf, 5, MPI_INTEGER, 2, 9, MPI_COMM_WORLD, ierr)
  if (rank == 2) then
    call MPI_Probe(MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, status, ierr)
    call MPI_Get_count(status, MPI_INTEGER, n, ierr)
    call MPI_Recv(rbuf, n, MPI_INTEGER, status(MPI_SOURCE), 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    write(line, '(A,I0,A,I0,A,I0)') 'probe: source ', status(MPI_SOURCE), ' count ', n, ' last ', rbuf(n)
    call out(line)
  end if

  ! polling: rank 0's synchronous send completes only when rank 1 receives;
  ! rank 0 polls with Request_get_status, rank 1 with Test, rank 2 Testall
  r4 = [1, 2, 3, 4]
  if (rank == 0) then
    call MPI_Issend(r4, 4, MPI_INTEGER, 1, 11, MPI_COMM_WORLD, reqs(1), ierr)
    flag = .false.
    do while (.not. flag)
      call MPI_Request_get_status(reqs(1), flag, status, ierr)
    end do
    call MPI_Wait(reqs(1), MPI_STATUS_IGNORE, ierr)
    write(line, '(A,L1)') 'get_status polled ssend done, null ', reqs(1) == MPI_REQUEST_NULL
    call out(line)
    call MPI_Send(r4, 4, MPI_INTEGER, 2, 12, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_Irecv(rbuf, 4, MPI_INTEGER, 0, 11, MPI_COMM_WORLD, reqs(1), ierr)
    flag = .false.
    do while (.not. flag)
      call MPI_Test(reqs(1), flag, status, ierr)
    end do
    write(line, '(A,I0,A,I0,A,L1)') 'test polled: source ', status(MPI_SOURCE), ' sum ', sum(rbuf(1:4)), &
         ' null ', reqs(1) == MPI_REQUEST_NULL
    call out(line)
  else if (rank == 2) then
    call MPI_Irecv(rbuf, 4, MPI_INTEGER, 0, 12, MPI_COMM_WORLD, reqs(1), ierr)
    reqs(2) = MPI_REQUEST_NULL
    flag = .false.
    do while (.not. flag)
      call MPI_Testall(2, reqs, flag, statuses, ierr)
    end do
    write(line, '(A,I0,A,I0)') 'testall polled: tag ', statuses(MPI_TAG, 1), ' sum ', sum(rbuf(1:4))
    call out(line)
  end if

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call out('done')
  call MPI_Finalize(ierr)

contains

  subroutine out(text)
    character(len=*), intent(in) :: text
    write(*, '(A,I0,A,A)') 'C ', rank, ' ', trim(text)
    flush(6)
  end subroutine out

end program f_p2p
