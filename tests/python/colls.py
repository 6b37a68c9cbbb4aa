# colls.py - object and buffer collectives, a Dup/reduce/Free loop (mpi4py
# reduces objects on a private duplicate it caches as an attribute and
# frees in the attribute's delete callback), Split, an intercommunicator
# and attribute caching.
import sys
from array import array
from mpi4py import MPI


def out(*a):
    sys.stdout.write(" ".join(str(x) for x in a) + "\n")
    sys.stdout.flush()


comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()

out("R", rank, "bcast", comm.bcast({"k": [1, 2, 3]} if rank == 0 else None, root=0))
out("R", rank, "gather", comm.gather(rank ** 2, root=0))
out("R", rank, "allgather", comm.allgather("x%d" % rank))
out("R", rank, "scatter", comm.scatter([i * 3 for i in range(size)] if rank == 0 else None))
out("R", rank, "alltoall", comm.alltoall([rank * 10 + i for i in range(size)]))
out("R", rank, "allreduce", comm.allreduce(0.1 * (rank + 1)).hex())
out("R", rank, "scan", comm.scan(rank + 1))

s = array("d", [(rank + 1) * 10.0 ** ((i * 7 + rank * 13) % 31 - 15) for i in range(5000)])
r = array("d", [0.0] * 5000)
comm.Allreduce([s, MPI.DOUBLE], [r, MPI.DOUBLE], op=MPI.SUM)
out("R", rank, "Allreduce", r[0].hex(), r[4999].hex(), sum(r).hex())

total = 0
for i in range(40):
    d = comm.Dup()
    v = d.reduce(rank * i, op=MPI.SUM, root=0)
    w = d.allreduce(i)
    total += (v or 0) + w
    d.Free()
out("R", rank, "dup/reduce/free loop", total)

half = comm.Split(rank % 2, rank)
out("R", rank, "split", half.Get_rank(), half.Get_size(), half.allreduce(rank))
if size > 1:
    inter = half.Create_intercomm(0, comm, 1 - rank % 2 if size > 1 else 0, tag=5)
    out("R", rank, "inter", inter.Get_remote_size(), inter.allreduce(rank))
    inter.Free()
half.Free()

key = MPI.Comm.Create_keyval(copy_fn=lambda o, k, v: v + 1 if isinstance(v, int) else v,
                             delete_fn=lambda o, k, v: out("R", rank, "delete", v))
d = comm.Dup()
d.Set_attr(key, 41)
e = d.Dup()
out("R", rank, "attr copied", e.Get_attr(key))
e.Free()
d.Free()
MPI.COMM_SELF.Set_attr(key, 7)
