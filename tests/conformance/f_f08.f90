! conformance-np: 3 (ranks tests/mpi/run_conformance.sh starts)
! f_f08.f90 - the `use mpi_f08` bindings: type(MPI_Status) and
! MPI_STATUS(ES)_IGNORE, collectives with MPI_IN_PLACE, dup with an f08
! keyval, an f08 error handler (called with the program's communicator)
! and polling with MPI_Request_get_status.
module f_f08_cb
  use mpi_f08
  implicit none
  integer :: ncopy = 0, ndelete = 0, ncalls = 0, copy_from_world = 0
  integer :: last_world = -1, last_dup = -1, last_class = -1
  type(MPI_Comm) :: dupcomm
contains
  subroutine copy_fn(oldcomm, keyval, extra, valin, valout, flag, ierr)
    type(MPI_Comm) :: oldcomm
    integer :: keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: extra, valin, valout
    logical :: flag
    ncopy = ncopy + 1
    if (oldcomm == MPI_COMM_WORLD) copy_from_world = copy_from_world + 1
    valout = valin * 2 + extra
    flag = .true.
    ierr = MPI_SUCCESS
  end subroutine copy_fn

  subroutine delete_fn(comm, keyval, val, extra, ierr)
    type(MPI_Comm) :: comm
    integer :: keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: val, extra
    ndelete = ndelete + 1
    ierr = MPI_SUCCESS
  end subroutine delete_fn

  subroutine handler(comm, code)
    type(MPI_Comm) :: comm
    integer :: code
    ncalls = ncalls + 1
    call MPI_Error_class(code, last_class)
    last_world = merge(1, 0, comm == MPI_COMM_WORLD)
    last_dup = merge(1, 0, comm == dupcomm)
  end subroutine handler
end module f_f08_cb

program f_f08
  use mpi_f08
  use f_f08_cb
  implicit none
  integer :: rank, nprocs, i, n, ierr, key, v(6), r(6)
  type(MPI_Status) :: status, statuses(2)
  type(MPI_Request) :: reqs(2)
  type(MPI_Errhandler) :: eh
  integer(kind=MPI_ADDRESS_KIND) :: val, extra
  logical :: flag, found
  character(len=200) :: line, byrank(0:15)

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)

  ! point to point with type(MPI_Status)
  v = [(rank * 10 + i, i = 1, 6)]
  if (rank == 0) then
    do i = 1, nprocs - 1
      call MPI_Recv(r, 6, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status)
      call MPI_Get_count(status, MPI_INTEGER, n)
      write(byrank(status%MPI_SOURCE), '(A,I0,A,I0,A,I0,A,I0)') 'recv any: source ', &
           status%MPI_SOURCE, ' tag ', status%MPI_TAG, ' count ', n, ' first ', r(1)
    end do
    do i = 1, nprocs - 1   ! arrival order is not deterministic
      call out(byrank(i))
    end do
  else
    call MPI_Send(v, rank + 1, MPI_INTEGER, 0, 50 + rank, MPI_COMM_WORLD)
  end if
  call MPI_Barrier(MPI_COMM_WORLD)   ! the wildcard receives must not see the ring
  call MPI_Irecv(r, 6, MPI_INTEGER, mod(rank + nprocs - 1, nprocs), 4, MPI_COMM_WORLD, reqs(1))
  call MPI_Isend(v, 6, MPI_INTEGER, mod(rank + 1, nprocs), 4, MPI_COMM_WORLD, reqs(2))
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE)
  write(line, '(A,6(1X,I0))') 'ring', r
  call out(line)
  call MPI_Sendrecv(v, 2, MPI_INTEGER, mod(rank + 1, nprocs), 5, r, 2, MPI_INTEGER, &
       mod(rank + nprocs - 1, nprocs), 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  write(line, '(A,2(1X,I0))') 'sendrecv', r(1:2)
  call out(line)

  ! polling a synchronous send with Request_get_status
  if (rank == 0) then
    call MPI_Issend(v, 3, MPI_INTEGER, 2, 6, MPI_COMM_WORLD, reqs(1))
    flag = .false.
    do while (.not. flag)
      call MPI_Request_get_status(reqs(1), flag, status)
    end do
    call MPI_Wait(reqs(1), MPI_STATUS_IGNORE)
    call out('get_status polled ssend done')
  else if (rank == 2) then
    call MPI_Irecv(r, 3, MPI_INTEGER, 0, 6, MPI_COMM_WORLD, reqs(1))
    reqs(2) = MPI_REQUEST_NULL
    flag = .false.
    do while (.not. flag)
      call MPI_Testall(2, reqs, flag, statuses)
    end do
    write(line, '(A,I0,A,3(1X,I0))') 'testall polled: tag ', statuses(1)%MPI_TAG, ' got', r(1:3)
    call out(line)
  end if

  ! collectives in place
  v = [(rank + i, i = 1, 6)]
  call MPI_Allreduce(MPI_IN_PLACE, v, 6, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  write(line, '(A,6(1X,I0))') 'allreduce in place', v
  call out(line)
  r = -1
  r(rank * 2 + 1:rank * 2 + 2) = [rank, -rank]
  call MPI_Allgather(MPI_IN_PLACE, 0, MPI_INTEGER, r, 2, MPI_INTEGER, MPI_COMM_WORLD)
  write(line, '(A,6(1X,I0))') 'allgather in place', r
  call out(line)

  ! keyval: dup runs the copy callback with the world, free the delete one
  extra = 3
  call MPI_Comm_create_keyval(copy_fn, delete_fn, key, extra)
  val = 20
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key, val)
  call MPI_Comm_dup(MPI_COMM_WORLD, dupcomm)
  call MPI_Comm_get_attr(dupcomm, key, val, found)
  write(line, '(A,L1,A,I0,A,I0,A,I0)') 'dup attr found ', found, ' value ', val, ' copies ', &
       ncopy, ' from world ', copy_from_world
  call out(line)

  ! error handler
  call MPI_Comm_create_errhandler(handler, eh)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh)
  call MPI_Comm_set_errhandler(dupcomm, eh)
  call MPI_Send(v, 1, MPI_INTEGER, nprocs + 1, 0, MPI_COMM_WORLD, ierr)
  write(line, '(A,L1,A,I0,A,I0,A,I0,A,I0)') 'bad rank on world: error ', ierr /= MPI_SUCCESS, &
       ' calls ', ncalls, ' world ', last_world, ' dup ', last_dup, ' class ', last_class
  call out(line)
  call MPI_Comm_call_errhandler(dupcomm, MPI_ERR_ARG)
  write(line, '(A,I0,A,I0,A,I0,A,I0)') 'call_errhandler dup: calls ', ncalls, ' world ', &
       last_world, ' dup ', last_dup, ' class ', last_class
  call out(line)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL)
  call MPI_Errhandler_free(eh)
  call MPI_Comm_free(dupcomm)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, key)
  write(line, '(A,I0,A,I0)') 'copies ', ncopy, ' deletes ', ndelete
  call out(line)
  call MPI_Comm_free_keyval(key)

  call MPI_Barrier(MPI_COMM_WORLD)
  call out('done')
  call MPI_Finalize()

contains

  subroutine out(text)
    character(len=*), intent(in) :: text
    write(*, '(A,I0,A,A)') 'C ', rank, ' ', trim(text)
    flush(6)
  end subroutine out

end program f_f08
