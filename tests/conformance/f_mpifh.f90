! conformance-np: 2 (ranks tests/mpi/run_conformance.sh starts)
! f_mpifh.f90 - the mpif.h bindings: statuses, MPI_STATUS_IGNORE,
! reduce with MPI_IN_PLACE, a keyval copied by dup, and an error handler
! made with MPI_COMM_CREATE_ERRHANDLER (called with MPI_COMM_WORLD).
module f_mpifh_cb
  implicit none
  include 'mpif.h'
  integer :: ncopy = 0, ncalls = 0, copy_from_world = 0, last_world = -1
contains
  subroutine copy_fn(oldcomm, keyval, extra, valin, valout, flag, ierr)
    integer :: oldcomm, keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: extra, valin, valout
    logical :: flag
    ncopy = ncopy + 1
    if (oldcomm == MPI_COMM_WORLD) copy_from_world = copy_from_world + 1
    valout = valin + 1
    flag = .true.
    ierr = MPI_SUCCESS
  end subroutine copy_fn

  subroutine handler(comm, code)
    integer :: comm, code
    ncalls = ncalls + 1
    last_world = 0
    if (comm == MPI_COMM_WORLD) last_world = 1
  end subroutine handler
end module f_mpifh_cb

program f_mpifh
  use f_mpifh_cb
  implicit none
  integer :: rank, nprocs, ierr, i, n, key, dup, eh, rc
  integer :: status(MPI_STATUS_SIZE), v(4), r(4)
  integer(kind=MPI_ADDRESS_KIND) :: val, extra
  logical :: found
  character(len=200) :: line

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  v = (/ (rank * 4 + i, i = 1, 4) /)
  if (rank == 0) then
    call MPI_SEND(v, 4, MPI_INTEGER, 1, 3, MPI_COMM_WORLD, ierr)
    call MPI_RECV(r, 4, MPI_INTEGER, 1, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  else
    call MPI_RECV(r, 4, MPI_INTEGER, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD, status, ierr)
    call MPI_GET_COUNT(status, MPI_INTEGER, n, ierr)
    write(line, '(A,I0,A,I0,A,I0)') 'recv: source ', status(MPI_SOURCE), ' tag ', status(MPI_TAG), &
         ' count ', n
    call out(line)
    call MPI_SEND(v, 4, MPI_INTEGER, 0, 4, MPI_COMM_WORLD, ierr)
  end if
  write(line, '(A,4(1X,I0))') 'got', r
  call out(line)
  if (rank == 0) then
    call MPI_REDUCE(MPI_IN_PLACE, v(1), 4, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    write(line, '(A,4(1X,I0))') 'reduce in place', v
    call out(line)
  else
    call MPI_REDUCE(v(1), r(1), 4, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  end if

  extra = 0
  call MPI_COMM_CREATE_KEYVAL(copy_fn, MPI_COMM_NULL_DELETE_FN, key, extra, ierr)
  val = 41
  call MPI_COMM_SET_ATTR(MPI_COMM_WORLD, key, val, ierr)
  call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
  call MPI_COMM_GET_ATTR(dup, key, val, found, ierr)
  write(line, '(A,L1,A,I0,A,I0,A,I0)') 'dup attr found ', found, ' value ', val, ' copies ', &
       ncopy, ' from world ', copy_from_world
  call out(line)

  call MPI_COMM_CREATE_ERRHANDLER(handler, eh, ierr)
  call MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, eh, ierr)
  call MPI_SEND(v, 1, MPI_INTEGER, nprocs + 2, 0, MPI_COMM_WORLD, rc)
  write(line, '(A,L1,A,I0,A,I0)') 'bad rank on world: error ', rc /= MPI_SUCCESS, ' calls ', &
       ncalls, ' world ', last_world
  call out(line)
  call MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL, ierr)
  call MPI_ERRHANDLER_FREE(eh, ierr)
  call MPI_COMM_FREE(dup, ierr)
  call MPI_COMM_FREE_KEYVAL(key, ierr)

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call out('done')
  call MPI_FINALIZE(ierr)

contains

  subroutine out(text)
    character(len=*), intent(in) :: text
    write(*, '(A,I0,A,A)') 'C ', rank, ' ', trim(text)
    flush(6)
  end subroutine out

end program f_mpifh
