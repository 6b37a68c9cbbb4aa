# p2p.py - object and buffer point-to-point as mpi4py users write it:
# pickled objects (send/recv, isend/irecv, sendrecv), NumPy-free buffers
# (array module) with Send/Recv, probing with a status. Prints per rank.
import sys
from array import array
from mpi4py import MPI


def out(*a):
    sys.stdout.write(" ".join(str(x) for x in a) + "\n")
    sys.stdout.flush()


comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
right, left = (rank + 1) % size, (rank - 1) % size

obj = {"from": rank, "list": [rank * i for i in range(5)], "name": "r%d" % rank}
got = comm.sendrecv(obj, dest=right, source=left)
out("R", rank, "sendrecv", sorted(got.items()))

req = comm.isend(("tuple", rank, 1.5 * rank), dest=left, tag=7)
got = comm.recv(source=right, tag=7)
req.wait()
out("R", rank, "isend/recv", got)

buf = array("d", [rank + i / 7.0 for i in range(1000)])
rbuf = array("d", [0.0] * 1000)
if rank % 2 == 0:
    comm.Send([buf, MPI.DOUBLE], dest=right, tag=3)
    comm.Recv([rbuf, MPI.DOUBLE], source=left, tag=3)
else:
    comm.Recv([rbuf, MPI.DOUBLE], source=left, tag=3)
    comm.Send([buf, MPI.DOUBLE], dest=right, tag=3)
out("R", rank, "Send/Recv", rbuf[0].hex(), rbuf[999].hex())

st = MPI.Status()
if rank == 0:
    got = []
    for _ in range(size - 1):
        comm.probe(source=MPI.ANY_SOURCE, tag=11, status=st)
        got.append((st.Get_source(), comm.recv(source=st.Get_source(), tag=11)))
    out("R", rank, "probe got", sorted(got))
else:
    comm.send(rank * 100, dest=0, tag=11)
