! conformance-np: 4 (ranks tests/mpi/run_conformance.sh starts)
! f_comm.f90 - MPI-3.1 chapters 6 and 8.3 from Fortran (`use mpi`):
! split and dup with Fortran attribute keyvals (the copy callback runs on
! every dup and sees the communicator being duplicated; the delete
! callback runs exactly as natively), and an error handler made with
! MPI_COMM_CREATE_ERRHANDLER called with the program's communicator.
module f_comm_cb
  use mpi
  implicit none
  integer :: ncopy = 0, ndelete = 0, ncalls = 0, copy_from_world = 0, dupcomm = -1
  integer :: last_class = -1, last_world = -1, last_dup = -1, myrank = -1
contains
  subroutine copy_fn(oldcomm, keyval, extra, valin, valout, flag, ierr)
    integer :: oldcomm, keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: extra, valin, valout
    logical :: flag
    ncopy = ncopy + 1
    if (oldcomm == MPI_COMM_WORLD) copy_from_world = copy_from_world + 1
    valout = valin + extra
    flag = .true.
    ierr = MPI_SUCCESS
  end subroutine copy_fn

  subroutine delete_fn(comm, keyval, val, extra, ierr)
    integer :: comm, keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: val, extra
    ndelete = ndelete + 1
    ierr = MPI_SUCCESS
    ! (at MPI_Finalize too: self's attributes first, then the world's).
    ! Not comm: Open MPI 4.1 passes a handle read from the keyval object.
    write(*, '(A,I0,A,I0)') 'C ', myrank, ' delete callback value ', val
    flush(6)
  end subroutine delete_fn

  subroutine handler(comm, code)
    integer :: comm, code, ierr
    ncalls = ncalls + 1
    call MPI_Error_class(code, last_class, ierr)
    last_world = merge(1, 0, comm == MPI_COMM_WORLD)
    last_dup = merge(1, 0, comm == dupcomm)
  end subroutine handler
end module f_comm_cb

program f_comm
  use mpi
  use f_comm_cb
  implicit none
  integer :: rank, nprocs, ierr, key, split, dup2, srank, ssize, eh, got, res, v, rc
  integer(kind=MPI_ADDRESS_KIND) :: val, extra
  logical :: found
  character(len=MPI_MAX_OBJECT_NAME) :: name
  character(len=200) :: line

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  myrank = rank
  call MPI_Comm_get_name(MPI_COMM_WORLD, name, v, ierr)
  write(line, '(A,A,A,I0)') 'world name ', name(1:v), ' len ', v
  call out(line)

  ! predefined attributes read as natively
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, val, found, ierr)
  write(line, '(A,L1,A,I0)') 'universe size found ', found, ' value ', val
  call out(line)
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, val, found, ierr)
  write(line, '(A,L1,A,L1)') 'tag_ub found ', found, ' at least 32767 ', val >= 32767
  call out(line)
  call MPI_Attr_get(MPI_COMM_WORLD, MPI_APPNUM, v, found, ierr)
  write(line, '(A,L1,A,I0)') 'appnum (MPI-1 get) found ', found, ' value ', v
  call out(line)

  ! keyval with callbacks on the world; dup copies it, split does not
  extra = 1000
  call MPI_Comm_create_keyval(copy_fn, delete_fn, key, extra, ierr)
  val = 7
  call MPI_Comm_set_attr(MPI_COMM_WORLD, key, val, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dupcomm, ierr)
  call MPI_Comm_get_attr(dupcomm, key, val, found, ierr)
  write(line, '(A,L1,A,I0,A,I0,A,I0)') 'dup attr found ', found, ' value ', val, &
       ' copies ', ncopy, ' from world ', copy_from_world
  call out(line)
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), -rank, split, ierr)
  call MPI_Comm_rank(split, srank, ierr)
  call MPI_Comm_size(split, ssize, ierr)
  call MPI_Comm_get_attr(split, key, val, found, ierr)
  write(line, '(A,I0,A,I0,A,L1)') 'split rank ', srank, ' size ', ssize, ' attr found ', found
  call out(line)
  call MPI_Comm_compare(dupcomm, MPI_COMM_WORLD, res, ierr)
  write(line, '(A,L1)') 'dup congruent ', res == MPI_CONGRUENT
  call out(line)
  call MPI_Comm_dup(dupcomm, dup2, ierr)
  call MPI_Comm_free(dup2, ierr)
  call MPI_Comm_delete_attr(dupcomm, key, ierr)
  call MPI_Comm_set_attr(split, key, val, ierr)
  call MPI_Comm_free(split, ierr)
  write(line, '(A,I0,A,I0,A,I0)') 'after frees: copies ', ncopy, ' deletes ', ndelete, &
       ' from world ', copy_from_world
  call out(line)

  ! error handler made in Fortran, on the world and on the dup
  call MPI_Comm_create_errhandler(handler, eh, ierr)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh, ierr)
  call MPI_Comm_set_errhandler(dupcomm, eh, ierr)
  call MPI_Comm_get_errhandler(MPI_COMM_WORLD, got, ierr)
  write(line, '(A,L1)') 'get_errhandler is ours ', got == eh
  call out(line)
  call MPI_Errhandler_free(got, ierr)
  v = 1
  call MPI_Send(v, 1, MPI_INTEGER, nprocs + 3, 0, MPI_COMM_WORLD, rc)
  write(line, '(A,L1,A,I0,A,I0,A,I0,A,I0)') 'bad rank on world: error ', rc /= MPI_SUCCESS, &
       ' calls ', ncalls, ' world ', last_world, ' dup ', last_dup, ' class ', last_class
  call out(line)
  call MPI_Send(v, 1, MPI_INTEGER, 0, -5, dupcomm, rc)
  write(line, '(A,L1,A,I0,A,I0,A,I0,A,I0)') 'bad tag on dup: error ', rc /= MPI_SUCCESS, &
       ' calls ', ncalls, ' world ', last_world, ' dup ', last_dup, ' class ', last_class
  call out(line)
  call MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER, ierr)
  write(line, '(A,I0,A,I0,A,I0,A,I0)') 'call_errhandler world: calls ', ncalls, ' world ', &
       last_world, ' dup ', last_dup, ' class ', last_class
  call out(line)
  call MPI_Comm_call_errhandler(dupcomm, MPI_ERR_ARG, ierr)
  write(line, '(A,I0,A,I0,A,I0,A,I0)') 'call_errhandler dup: calls ', ncalls, ' world ', &
       last_world, ' dup ', last_dup, ' class ', last_class
  call out(line)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_Recv(v, 1, MPI_INTEGER, nprocs + 7, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, rc)
  call MPI_Error_class(rc, v, ierr)
  write(line, '(A,I0,A,I0)') 'errors_return: class ', v, ' calls ', ncalls
  call out(line)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL, ierr)
  call MPI_Errhandler_free(eh, ierr)
  call MPI_Comm_free(dupcomm, ierr)
  ! world's and self's attributes stay until MPI_Finalize
  val = 1
  call MPI_Comm_set_attr(MPI_COMM_SELF, key, val, ierr)
  val = 2
  call MPI_Attr_put(MPI_COMM_WORLD, key, 2, ierr)
  call MPI_Comm_free_keyval(key, ierr)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call out('done')
  call MPI_Finalize(ierr)

contains

  subroutine out(text)
    character(len=*), intent(in) :: text
    write(*, '(A,I0,A,A)') 'C ', rank, ' ', trim(text)
    flush(6)
  end subroutine out

end program f_comm
