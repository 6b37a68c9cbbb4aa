! pingpong_mpif.f - round trip between ranks 0 and 1 with include 'mpif.h'.
! Prints "RESULT fortran-mpif SIZE NS" and "SIZE rank nprocs".
      program pingpong_mpif
      implicit none
      include 'mpif.h'
      integer ierr, rank, nprocs, sizes(3), k, n
      integer status(MPI_STATUS_SIZE)
      character, allocatable :: buf(:)
      double precision t0, t1
      data sizes /8, 1024, 1048576/
      call MPI_INIT(ierr)
      call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
      call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
      do k = 1, 3
         n = sizes(k)
         allocate(buf(n))
         t0 = MPI_WTIME()
         if (rank .eq. 0) then
            call MPI_SEND(buf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD, ierr)
            call MPI_RECV(buf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD,
     &                    status, ierr)
         else if (rank .eq. 1) then
            call MPI_RECV(buf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD,
     &                    status, ierr)
            call MPI_SEND(buf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD, ierr)
         end if
         t1 = MPI_WTIME()
         if (rank .eq. 0) then
            write(*, '(A,I0,A,I0)') 'RESULT fortran-mpif ', n, ' ',
     &           nint((t1 - t0) * 1d9)
         end if
         deallocate(buf)
      end do
      write(*, '(A,I0,A,I0)') 'SIZE ', rank, ' ', nprocs
      call MPI_FINALIZE(ierr)
      end
