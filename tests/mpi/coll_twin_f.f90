! coll_twin_f.f90 - Fortran twin of coll_twin.c (same calls, same order,
! same output lines).
program coll_twin_f
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, half, cart, i, bad, expect
  integer :: v(10), dims(2)
  logical :: periods(2)
  double precision :: x, total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  bad = 0
  x = rank + 1
  call MPI_Allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (total /= nprocs * (nprocs + 1) / 2.0d0) bad = 1
  call stamp('allreduce')
  do i = 1, 10
    v(i) = 0
    if (rank == 1) v(i) = 41 + i
  end do
  call MPI_Bcast(v, 10, MPI_INTEGER, 1, MPI_COMM_WORLD, ierr)
  if (v(10) /= 51) bad = 1
  call stamp('bcast')
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)
  call MPI_Allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_MAX, half, ierr)
  expect = nprocs - 1 + mod(nprocs, 2)
  if (mod(rank, 2) == 1) expect = nprocs - mod(nprocs, 2)
  if (total /= expect) bad = 1
  call stamp('split')
  dims(1) = 2
  dims(2) = nprocs / 2
  periods = .false.
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, .false., cart, ierr)
  call MPI_Allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, cart, ierr)
  if (total /= nprocs * (nprocs + 1) / 2.0d0) bad = 1
  call stamp('cart')
  write(*, '(A,I0,A,I0)') 'RESULT twin-check ', rank, ' ', bad
  call MPI_Comm_free(half, ierr)
  call MPI_Comm_free(cart, ierr)
  call MPI_Finalize(ierr)
contains
  subroutine stamp(step)
    character(*), intent(in) :: step
    write(*, '(A,A,A,I0,A,I0)') 'RESULT twin-', step, ' ', rank, ' ', nint(MPI_Wtime() * 1d9)
  end subroutine stamp
end program coll_twin_f
