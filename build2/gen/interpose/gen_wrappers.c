/* GENERATED at build time by src/interpose/gen_wrappers.py from mpi.h and src/mpi/calls.spec. Do not edit. */
#include "interpose/interpose.h"

int PMPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Accumulate);
    int rc = seshat_real.Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Accumulate);
    return rc;
}
int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) __attribute__((alias("PMPI_Accumulate")));

int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int nodes[], const int degrees[], const int targets[], const int weights[], MPI_Info info, int reorder, MPI_Comm * newcomm)
{
    int outer = seshat_enter(SESHAT_CALL_Dist_graph_create);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Dist_graph_create, seshat_comm_in(comm_old));
    int rc = seshat_real.Dist_graph_create(seshat_comm_in(comm_old), n, nodes, degrees, targets, weights, info, reorder, newcomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Dist_graph_create, *newcomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Dist_graph_create);
    return rc;
}
int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int nodes[], const int degrees[], const int targets[], const int weights[], MPI_Info info, int reorder, MPI_Comm * newcomm) __attribute__((alias("PMPI_Dist_graph_create")));

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[], int outdegree, const int destinations[], const int destweights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
    int outer = seshat_enter(SESHAT_CALL_Dist_graph_create_adjacent);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Dist_graph_create_adjacent, seshat_comm_in(comm_old));
    int rc = seshat_real.Dist_graph_create_adjacent(seshat_comm_in(comm_old), indegree, sources, sourceweights, outdegree, destinations, destweights, info, reorder, comm_dist_graph);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Dist_graph_create_adjacent, *comm_dist_graph);
    if (outer)
        seshat_leave(SESHAT_CALL_Dist_graph_create_adjacent);
    return rc;
}
int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[], int outdegree, const int destinations[], const int destweights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph) __attribute__((alias("PMPI_Dist_graph_create_adjacent")));

int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree, int destinations[], int destweights[])
{
    int outer = seshat_enter(SESHAT_CALL_Dist_graph_neighbors);
    int rc = seshat_real.Dist_graph_neighbors(seshat_comm_in(comm), maxindegree, sources, sourceweights, maxoutdegree, destinations, destweights);
    if (outer)
        seshat_leave(SESHAT_CALL_Dist_graph_neighbors);
    return rc;
}
int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree, int destinations[], int destweights[]) __attribute__((alias("PMPI_Dist_graph_neighbors")));

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *inneighbors, int *outneighbors, int *weighted)
{
    int outer = seshat_enter(SESHAT_CALL_Dist_graph_neighbors_count);
    int rc = seshat_real.Dist_graph_neighbors_count(seshat_comm_in(comm), inneighbors, outneighbors, weighted);
    if (outer)
        seshat_leave(SESHAT_CALL_Dist_graph_neighbors_count);
    return rc;
}
int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *inneighbors, int *outneighbors, int *weighted) __attribute__((alias("PMPI_Dist_graph_neighbors_count")));

int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    int outer = seshat_enter(SESHAT_CALL_Cart_coords);
    int rc = seshat_real.Cart_coords(seshat_comm_in(comm), rank, maxdims, coords);
    if (outer)
        seshat_leave(SESHAT_CALL_Cart_coords);
    return rc;
}
int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]) __attribute__((alias("PMPI_Cart_coords")));

int PMPI_Cart_create(MPI_Comm old_comm, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm *comm_cart)
{
    int outer = seshat_enter(SESHAT_CALL_Cart_create);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Cart_create, seshat_comm_in(old_comm));
    int rc = seshat_real.Cart_create(seshat_comm_in(old_comm), ndims, dims, periods, reorder, comm_cart);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Cart_create, *comm_cart);
    if (outer)
        seshat_leave(SESHAT_CALL_Cart_create);
    return rc;
}
int MPI_Cart_create(MPI_Comm old_comm, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm *comm_cart) __attribute__((alias("PMPI_Cart_create")));

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    int outer = seshat_enter(SESHAT_CALL_Cart_get);
    int rc = seshat_real.Cart_get(seshat_comm_in(comm), maxdims, dims, periods, coords);
    if (outer)
        seshat_leave(SESHAT_CALL_Cart_get);
    return rc;
}
int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]) __attribute__((alias("PMPI_Cart_get")));

int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank)
{
    int outer = seshat_enter(SESHAT_CALL_Cart_map);
    int rc = seshat_real.Cart_map(seshat_comm_in(comm), ndims, dims, periods, newrank);
    if (outer)
        seshat_leave(SESHAT_CALL_Cart_map);
    return rc;
}
int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank) __attribute__((alias("PMPI_Cart_map")));

int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    int outer = seshat_enter(SESHAT_CALL_Cart_rank);
    int rc = seshat_real.Cart_rank(seshat_comm_in(comm), coords, rank);
    if (outer)
        seshat_leave(SESHAT_CALL_Cart_rank);
    return rc;
}
int MPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank) __attribute__((alias("PMPI_Cart_rank")));

int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    int outer = seshat_enter(SESHAT_CALL_Cart_shift);
    int rc = seshat_real.Cart_shift(seshat_comm_in(comm), direction, disp, rank_source, rank_dest);
    if (outer)
        seshat_leave(SESHAT_CALL_Cart_shift);
    return rc;
}
int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest) __attribute__((alias("PMPI_Cart_shift")));

int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *new_comm)
{
    int outer = seshat_enter(SESHAT_CALL_Cart_sub);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Cart_sub, seshat_comm_in(comm));
    int rc = seshat_real.Cart_sub(seshat_comm_in(comm), remain_dims, new_comm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Cart_sub, *new_comm);
    if (outer)
        seshat_leave(SESHAT_CALL_Cart_sub);
    return rc;
}
int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *new_comm) __attribute__((alias("PMPI_Cart_sub")));

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    int outer = seshat_enter(SESHAT_CALL_Cartdim_get);
    int rc = seshat_real.Cartdim_get(seshat_comm_in(comm), ndims);
    if (outer)
        seshat_leave(SESHAT_CALL_Cartdim_get);
    return rc;
}
int MPI_Cartdim_get(MPI_Comm comm, int *ndims) __attribute__((alias("PMPI_Cartdim_get")));

int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_call_errhandler);
    int rc = seshat_real.Comm_call_errhandler(seshat_comm_in(comm), errorcode);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_call_errhandler);
    return rc;
}
int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode) __attribute__((alias("PMPI_Comm_call_errhandler")));

int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_compare);
    int rc = seshat_real.Comm_compare(seshat_comm_in(comm1), seshat_comm_in(comm2), result);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_compare);
    return rc;
}
int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result) __attribute__((alias("PMPI_Comm_compare")));

int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_create_group);
    int rc = seshat_real.Comm_create_group(seshat_comm_in(comm), group, tag, newcomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Comm_create_group, *newcomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_create_group);
    return rc;
}
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm) __attribute__((alias("PMPI_Comm_create_group")));

int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_create);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Comm_create, seshat_comm_in(comm));
    int rc = seshat_real.Comm_create(seshat_comm_in(comm), group, newcomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Comm_create, *newcomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_create);
    return rc;
}
int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) __attribute__((alias("PMPI_Comm_create")));

int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_dup);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Comm_dup, seshat_comm_in(comm));
    int rc = seshat_real.Comm_dup(seshat_comm_in(comm), newcomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Comm_dup, *newcomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_dup);
    return rc;
}
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) __attribute__((alias("PMPI_Comm_dup")));

int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_dup_with_info);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Comm_dup_with_info, seshat_comm_in(comm));
    int rc = seshat_real.Comm_dup_with_info(seshat_comm_in(comm), info, newcomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Comm_dup_with_info, *newcomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_dup_with_info);
    return rc;
}
int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm) __attribute__((alias("PMPI_Comm_dup_with_info")));

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *erhandler)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_get_errhandler);
    int rc = seshat_real.Comm_get_errhandler(seshat_comm_in(comm), erhandler);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_get_errhandler);
    return rc;
}
int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *erhandler) __attribute__((alias("PMPI_Comm_get_errhandler")));

int PMPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_get_info);
    int rc = seshat_real.Comm_get_info(seshat_comm_in(comm), info_used);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_get_info);
    return rc;
}
int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used) __attribute__((alias("PMPI_Comm_get_info")));

int PMPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_get_name);
    int rc = seshat_real.Comm_get_name(seshat_comm_in(comm), comm_name, resultlen);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_get_name);
    return rc;
}
int MPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen) __attribute__((alias("PMPI_Comm_get_name")));

int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_group);
    int rc = seshat_real.Comm_group(seshat_comm_in(comm), group);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_group);
    return rc;
}
int MPI_Comm_group(MPI_Comm comm, MPI_Group *group) __attribute__((alias("PMPI_Comm_group")));

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_rank);
    int rc = seshat_real.Comm_rank(seshat_comm_in(comm), rank);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_rank);
    return rc;
}
int MPI_Comm_rank(MPI_Comm comm, int *rank) __attribute__((alias("PMPI_Comm_rank")));

int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_remote_group);
    int rc = seshat_real.Comm_remote_group(seshat_comm_in(comm), group);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_remote_group);
    return rc;
}
int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group) __attribute__((alias("PMPI_Comm_remote_group")));

int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_remote_size);
    int rc = seshat_real.Comm_remote_size(seshat_comm_in(comm), size);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_remote_size);
    return rc;
}
int MPI_Comm_remote_size(MPI_Comm comm, int *size) __attribute__((alias("PMPI_Comm_remote_size")));

int PMPI_Comm_set_info(MPI_Comm comm, MPI_Info info)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_set_info);
    int rc = seshat_real.Comm_set_info(seshat_comm_in(comm), info);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_set_info);
    return rc;
}
int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info) __attribute__((alias("PMPI_Comm_set_info")));

int PMPI_Comm_set_name(MPI_Comm comm, const char *comm_name)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_set_name);
    int rc = seshat_real.Comm_set_name(seshat_comm_in(comm), comm_name);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_set_name);
    return rc;
}
int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name) __attribute__((alias("PMPI_Comm_set_name")));

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_size);
    int rc = seshat_real.Comm_size(seshat_comm_in(comm), size);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_size);
    return rc;
}
int MPI_Comm_size(MPI_Comm comm, int *size) __attribute__((alias("PMPI_Comm_size")));

int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_split);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Comm_split, seshat_comm_in(comm));
    int rc = seshat_real.Comm_split(seshat_comm_in(comm), color, key, newcomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Comm_split, *newcomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_split);
    return rc;
}
int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) __attribute__((alias("PMPI_Comm_split")));

int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_split_type);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Comm_split_type, seshat_comm_in(comm));
    int rc = seshat_real.Comm_split_type(seshat_comm_in(comm), split_type, key, info, newcomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Comm_split_type, *newcomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_split_type);
    return rc;
}
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm) __attribute__((alias("PMPI_Comm_split_type")));

int PMPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
    int outer = seshat_enter(SESHAT_CALL_Comm_test_inter);
    int rc = seshat_real.Comm_test_inter(seshat_comm_in(comm), flag);
    if (outer)
        seshat_leave(SESHAT_CALL_Comm_test_inter);
    return rc;
}
int MPI_Comm_test_inter(MPI_Comm comm, int *flag) __attribute__((alias("PMPI_Comm_test_inter")));

int PMPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Compare_and_swap);
    int rc = seshat_real.Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Compare_and_swap);
    return rc;
}
int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win) __attribute__((alias("PMPI_Compare_and_swap")));

int PMPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Fetch_and_op);
    int rc = seshat_real.Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Fetch_and_op);
    return rc;
}
int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win) __attribute__((alias("PMPI_Fetch_and_op")));

int PMPI_File_call_errhandler(MPI_File fh, int errorcode)
{
    int outer = seshat_enter(SESHAT_CALL_File_call_errhandler);
    int rc = seshat_real.File_call_errhandler(fh, errorcode);
    if (outer)
        seshat_leave(SESHAT_CALL_File_call_errhandler);
    return rc;
}
int MPI_File_call_errhandler(MPI_File fh, int errorcode) __attribute__((alias("PMPI_File_call_errhandler")));

int PMPI_File_create_errhandler(MPI_File_errhandler_function *function, MPI_Errhandler *errhandler)
{
    int outer = seshat_enter(SESHAT_CALL_File_create_errhandler);
    int rc = seshat_real.File_create_errhandler(function, errhandler);
    if (outer)
        seshat_leave(SESHAT_CALL_File_create_errhandler);
    return rc;
}
int MPI_File_create_errhandler(MPI_File_errhandler_function *function, MPI_Errhandler *errhandler) __attribute__((alias("PMPI_File_create_errhandler")));

int PMPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler)
{
    int outer = seshat_enter(SESHAT_CALL_File_set_errhandler);
    int rc = seshat_real.File_set_errhandler(file, errhandler);
    if (outer)
        seshat_leave(SESHAT_CALL_File_set_errhandler);
    return rc;
}
int MPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler) __attribute__((alias("PMPI_File_set_errhandler")));

int PMPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_errhandler);
    int rc = seshat_real.File_get_errhandler(file, errhandler);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_errhandler);
    return rc;
}
int MPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler) __attribute__((alias("PMPI_File_get_errhandler")));

int PMPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh)
{
    int outer = seshat_enter(SESHAT_CALL_File_open);
    if (outer)
        seshat_comm_meet(SESHAT_CALL_File_open, seshat_comm_in(comm));
    int rc = seshat_real.File_open(seshat_comm_in(comm), filename, amode, info, fh);
    if (outer)
        seshat_leave(SESHAT_CALL_File_open);
    return rc;
}
int MPI_File_open(MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh) __attribute__((alias("PMPI_File_open")));

int PMPI_File_close(MPI_File *fh)
{
    int outer = seshat_enter(SESHAT_CALL_File_close);
    int rc = seshat_real.File_close(fh);
    if (outer)
        seshat_leave(SESHAT_CALL_File_close);
    return rc;
}
int MPI_File_close(MPI_File *fh) __attribute__((alias("PMPI_File_close")));

int PMPI_File_delete(const char *filename, MPI_Info info)
{
    int outer = seshat_enter(SESHAT_CALL_File_delete);
    int rc = seshat_real.File_delete(filename, info);
    if (outer)
        seshat_leave(SESHAT_CALL_File_delete);
    return rc;
}
int MPI_File_delete(const char *filename, MPI_Info info) __attribute__((alias("PMPI_File_delete")));

int PMPI_File_set_size(MPI_File fh, MPI_Offset size)
{
    int outer = seshat_enter(SESHAT_CALL_File_set_size);
    int rc = seshat_real.File_set_size(fh, size);
    if (outer)
        seshat_leave(SESHAT_CALL_File_set_size);
    return rc;
}
int MPI_File_set_size(MPI_File fh, MPI_Offset size) __attribute__((alias("PMPI_File_set_size")));

int PMPI_File_preallocate(MPI_File fh, MPI_Offset size)
{
    int outer = seshat_enter(SESHAT_CALL_File_preallocate);
    int rc = seshat_real.File_preallocate(fh, size);
    if (outer)
        seshat_leave(SESHAT_CALL_File_preallocate);
    return rc;
}
int MPI_File_preallocate(MPI_File fh, MPI_Offset size) __attribute__((alias("PMPI_File_preallocate")));

int PMPI_File_get_size(MPI_File fh, MPI_Offset *size)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_size);
    int rc = seshat_real.File_get_size(fh, size);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_size);
    return rc;
}
int MPI_File_get_size(MPI_File fh, MPI_Offset *size) __attribute__((alias("PMPI_File_get_size")));

int PMPI_File_get_group(MPI_File fh, MPI_Group *group)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_group);
    int rc = seshat_real.File_get_group(fh, group);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_group);
    return rc;
}
int MPI_File_get_group(MPI_File fh, MPI_Group *group) __attribute__((alias("PMPI_File_get_group")));

int PMPI_File_get_amode(MPI_File fh, int *amode)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_amode);
    int rc = seshat_real.File_get_amode(fh, amode);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_amode);
    return rc;
}
int MPI_File_get_amode(MPI_File fh, int *amode) __attribute__((alias("PMPI_File_get_amode")));

int PMPI_File_set_info(MPI_File fh, MPI_Info info)
{
    int outer = seshat_enter(SESHAT_CALL_File_set_info);
    int rc = seshat_real.File_set_info(fh, info);
    if (outer)
        seshat_leave(SESHAT_CALL_File_set_info);
    return rc;
}
int MPI_File_set_info(MPI_File fh, MPI_Info info) __attribute__((alias("PMPI_File_set_info")));

int PMPI_File_get_info(MPI_File fh, MPI_Info *info_used)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_info);
    int rc = seshat_real.File_get_info(fh, info_used);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_info);
    return rc;
}
int MPI_File_get_info(MPI_File fh, MPI_Info *info_used) __attribute__((alias("PMPI_File_get_info")));

int PMPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char *datarep, MPI_Info info)
{
    int outer = seshat_enter(SESHAT_CALL_File_set_view);
    int rc = seshat_real.File_set_view(fh, disp, etype, filetype, datarep, info);
    if (outer)
        seshat_leave(SESHAT_CALL_File_set_view);
    return rc;
}
int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char *datarep, MPI_Info info) __attribute__((alias("PMPI_File_set_view")));

int PMPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype, char *datarep)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_view);
    int rc = seshat_real.File_get_view(fh, disp, etype, filetype, datarep);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_view);
    return rc;
}
int MPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype, char *datarep) __attribute__((alias("PMPI_File_get_view")));

int PMPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_at);
    int rc = seshat_real.File_read_at(fh, offset, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_at);
    return rc;
}
int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_read_at")));

int PMPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_at_all);
    int rc = seshat_real.File_read_at_all(fh, offset, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_at_all);
    return rc;
}
int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_read_at_all")));

int PMPI_File_write_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_at);
    int rc = seshat_real.File_write_at(fh, offset, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_at);
    return rc;
}
int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_write_at")));

int PMPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_at_all);
    int rc = seshat_real.File_write_at_all(fh, offset, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_at_all);
    return rc;
}
int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_write_at_all")));

int PMPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iread_at);
    int rc = seshat_real.File_iread_at(fh, offset, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iread_at);
    return rc;
}
int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iread_at")));

int PMPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iwrite_at);
    int rc = seshat_real.File_iwrite_at(fh, offset, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iwrite_at);
    return rc;
}
int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iwrite_at")));

int PMPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iread_at_all);
    int rc = seshat_real.File_iread_at_all(fh, offset, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iread_at_all);
    return rc;
}
int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iread_at_all")));

int PMPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iwrite_at_all);
    int rc = seshat_real.File_iwrite_at_all(fh, offset, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iwrite_at_all);
    return rc;
}
int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iwrite_at_all")));

int PMPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read);
    int rc = seshat_real.File_read(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read);
    return rc;
}
int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_read")));

int PMPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_all);
    int rc = seshat_real.File_read_all(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_all);
    return rc;
}
int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_read_all")));

int PMPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write);
    int rc = seshat_real.File_write(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write);
    return rc;
}
int MPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_write")));

int PMPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_all);
    int rc = seshat_real.File_write_all(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_all);
    return rc;
}
int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_write_all")));

int PMPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iread);
    int rc = seshat_real.File_iread(fh, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iread);
    return rc;
}
int MPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iread")));

int PMPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iwrite);
    int rc = seshat_real.File_iwrite(fh, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iwrite);
    return rc;
}
int MPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iwrite")));

int PMPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iread_all);
    int rc = seshat_real.File_iread_all(fh, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iread_all);
    return rc;
}
int MPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iread_all")));

int PMPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iwrite_all);
    int rc = seshat_real.File_iwrite_all(fh, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iwrite_all);
    return rc;
}
int MPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iwrite_all")));

int PMPI_File_seek(MPI_File fh, MPI_Offset offset, int whence)
{
    int outer = seshat_enter(SESHAT_CALL_File_seek);
    int rc = seshat_real.File_seek(fh, offset, whence);
    if (outer)
        seshat_leave(SESHAT_CALL_File_seek);
    return rc;
}
int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence) __attribute__((alias("PMPI_File_seek")));

int PMPI_File_get_position(MPI_File fh, MPI_Offset *offset)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_position);
    int rc = seshat_real.File_get_position(fh, offset);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_position);
    return rc;
}
int MPI_File_get_position(MPI_File fh, MPI_Offset *offset) __attribute__((alias("PMPI_File_get_position")));

int PMPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_byte_offset);
    int rc = seshat_real.File_get_byte_offset(fh, offset, disp);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_byte_offset);
    return rc;
}
int MPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp) __attribute__((alias("PMPI_File_get_byte_offset")));

int PMPI_File_read_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_shared);
    int rc = seshat_real.File_read_shared(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_shared);
    return rc;
}
int MPI_File_read_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_read_shared")));

int PMPI_File_write_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_shared);
    int rc = seshat_real.File_write_shared(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_shared);
    return rc;
}
int MPI_File_write_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_write_shared")));

int PMPI_File_iread_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iread_shared);
    int rc = seshat_real.File_iread_shared(fh, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iread_shared);
    return rc;
}
int MPI_File_iread_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iread_shared")));

int PMPI_File_iwrite_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_File_iwrite_shared);
    int rc = seshat_real.File_iwrite_shared(fh, buf, count, datatype, request);
    if (outer)
        seshat_leave(SESHAT_CALL_File_iwrite_shared);
    return rc;
}
int MPI_File_iwrite_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request) __attribute__((alias("PMPI_File_iwrite_shared")));

int PMPI_File_read_ordered(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_ordered);
    int rc = seshat_real.File_read_ordered(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_ordered);
    return rc;
}
int MPI_File_read_ordered(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_read_ordered")));

int PMPI_File_write_ordered(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_ordered);
    int rc = seshat_real.File_write_ordered(fh, buf, count, datatype, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_ordered);
    return rc;
}
int MPI_File_write_ordered(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status) __attribute__((alias("PMPI_File_write_ordered")));

int PMPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence)
{
    int outer = seshat_enter(SESHAT_CALL_File_seek_shared);
    int rc = seshat_real.File_seek_shared(fh, offset, whence);
    if (outer)
        seshat_leave(SESHAT_CALL_File_seek_shared);
    return rc;
}
int MPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence) __attribute__((alias("PMPI_File_seek_shared")));

int PMPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_position_shared);
    int rc = seshat_real.File_get_position_shared(fh, offset);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_position_shared);
    return rc;
}
int MPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset) __attribute__((alias("PMPI_File_get_position_shared")));

int PMPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_at_all_begin);
    int rc = seshat_real.File_read_at_all_begin(fh, offset, buf, count, datatype);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_at_all_begin);
    return rc;
}
int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype) __attribute__((alias("PMPI_File_read_at_all_begin")));

int PMPI_File_read_at_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_at_all_end);
    int rc = seshat_real.File_read_at_all_end(fh, buf, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_at_all_end);
    return rc;
}
int MPI_File_read_at_all_end(MPI_File fh, void *buf, MPI_Status *status) __attribute__((alias("PMPI_File_read_at_all_end")));

int PMPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_at_all_begin);
    int rc = seshat_real.File_write_at_all_begin(fh, offset, buf, count, datatype);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_at_all_begin);
    return rc;
}
int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype) __attribute__((alias("PMPI_File_write_at_all_begin")));

int PMPI_File_write_at_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_at_all_end);
    int rc = seshat_real.File_write_at_all_end(fh, buf, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_at_all_end);
    return rc;
}
int MPI_File_write_at_all_end(MPI_File fh, const void *buf, MPI_Status *status) __attribute__((alias("PMPI_File_write_at_all_end")));

int PMPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_all_begin);
    int rc = seshat_real.File_read_all_begin(fh, buf, count, datatype);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_all_begin);
    return rc;
}
int MPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype) __attribute__((alias("PMPI_File_read_all_begin")));

int PMPI_File_read_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_all_end);
    int rc = seshat_real.File_read_all_end(fh, buf, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_all_end);
    return rc;
}
int MPI_File_read_all_end(MPI_File fh, void *buf, MPI_Status *status) __attribute__((alias("PMPI_File_read_all_end")));

int PMPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_all_begin);
    int rc = seshat_real.File_write_all_begin(fh, buf, count, datatype);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_all_begin);
    return rc;
}
int MPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype) __attribute__((alias("PMPI_File_write_all_begin")));

int PMPI_File_write_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_all_end);
    int rc = seshat_real.File_write_all_end(fh, buf, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_all_end);
    return rc;
}
int MPI_File_write_all_end(MPI_File fh, const void *buf, MPI_Status *status) __attribute__((alias("PMPI_File_write_all_end")));

int PMPI_File_read_ordered_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_ordered_begin);
    int rc = seshat_real.File_read_ordered_begin(fh, buf, count, datatype);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_ordered_begin);
    return rc;
}
int MPI_File_read_ordered_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype) __attribute__((alias("PMPI_File_read_ordered_begin")));

int PMPI_File_read_ordered_end(MPI_File fh, void *buf, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_read_ordered_end);
    int rc = seshat_real.File_read_ordered_end(fh, buf, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_read_ordered_end);
    return rc;
}
int MPI_File_read_ordered_end(MPI_File fh, void *buf, MPI_Status *status) __attribute__((alias("PMPI_File_read_ordered_end")));

int PMPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_ordered_begin);
    int rc = seshat_real.File_write_ordered_begin(fh, buf, count, datatype);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_ordered_begin);
    return rc;
}
int MPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype) __attribute__((alias("PMPI_File_write_ordered_begin")));

int PMPI_File_write_ordered_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    int outer = seshat_enter(SESHAT_CALL_File_write_ordered_end);
    int rc = seshat_real.File_write_ordered_end(fh, buf, status);
    if (outer)
        seshat_leave(SESHAT_CALL_File_write_ordered_end);
    return rc;
}
int MPI_File_write_ordered_end(MPI_File fh, const void *buf, MPI_Status *status) __attribute__((alias("PMPI_File_write_ordered_end")));

int PMPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_type_extent);
    int rc = seshat_real.File_get_type_extent(fh, datatype, extent);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_type_extent);
    return rc;
}
int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent) __attribute__((alias("PMPI_File_get_type_extent")));

int PMPI_File_set_atomicity(MPI_File fh, int flag)
{
    int outer = seshat_enter(SESHAT_CALL_File_set_atomicity);
    int rc = seshat_real.File_set_atomicity(fh, flag);
    if (outer)
        seshat_leave(SESHAT_CALL_File_set_atomicity);
    return rc;
}
int MPI_File_set_atomicity(MPI_File fh, int flag) __attribute__((alias("PMPI_File_set_atomicity")));

int PMPI_File_get_atomicity(MPI_File fh, int *flag)
{
    int outer = seshat_enter(SESHAT_CALL_File_get_atomicity);
    int rc = seshat_real.File_get_atomicity(fh, flag);
    if (outer)
        seshat_leave(SESHAT_CALL_File_get_atomicity);
    return rc;
}
int MPI_File_get_atomicity(MPI_File fh, int *flag) __attribute__((alias("PMPI_File_get_atomicity")));

int PMPI_File_sync(MPI_File fh)
{
    int outer = seshat_enter(SESHAT_CALL_File_sync);
    int rc = seshat_real.File_sync(fh);
    if (outer)
        seshat_leave(SESHAT_CALL_File_sync);
    return rc;
}
int MPI_File_sync(MPI_File fh) __attribute__((alias("PMPI_File_sync")));

int PMPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Get);
    int rc = seshat_real.Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Get);
    return rc;
}
int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) __attribute__((alias("PMPI_Get")));

int PMPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Get_accumulate);
    int rc = seshat_real.Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Get_accumulate);
    return rc;
}
int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) __attribute__((alias("PMPI_Get_accumulate")));

int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder, MPI_Comm *comm_graph)
{
    int outer = seshat_enter(SESHAT_CALL_Graph_create);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Graph_create, seshat_comm_in(comm_old));
    int rc = seshat_real.Graph_create(seshat_comm_in(comm_old), nnodes, index, edges, reorder, comm_graph);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Graph_create, *comm_graph);
    if (outer)
        seshat_leave(SESHAT_CALL_Graph_create);
    return rc;
}
int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder, MPI_Comm *comm_graph) __attribute__((alias("PMPI_Graph_create")));

int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[])
{
    int outer = seshat_enter(SESHAT_CALL_Graph_get);
    int rc = seshat_real.Graph_get(seshat_comm_in(comm), maxindex, maxedges, index, edges);
    if (outer)
        seshat_leave(SESHAT_CALL_Graph_get);
    return rc;
}
int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]) __attribute__((alias("PMPI_Graph_get")));

int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank)
{
    int outer = seshat_enter(SESHAT_CALL_Graph_map);
    int rc = seshat_real.Graph_map(seshat_comm_in(comm), nnodes, index, edges, newrank);
    if (outer)
        seshat_leave(SESHAT_CALL_Graph_map);
    return rc;
}
int MPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank) __attribute__((alias("PMPI_Graph_map")));

int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    int outer = seshat_enter(SESHAT_CALL_Graph_neighbors_count);
    int rc = seshat_real.Graph_neighbors_count(seshat_comm_in(comm), rank, nneighbors);
    if (outer)
        seshat_leave(SESHAT_CALL_Graph_neighbors_count);
    return rc;
}
int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors) __attribute__((alias("PMPI_Graph_neighbors_count")));

int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
    int outer = seshat_enter(SESHAT_CALL_Graph_neighbors);
    int rc = seshat_real.Graph_neighbors(seshat_comm_in(comm), rank, maxneighbors, neighbors);
    if (outer)
        seshat_leave(SESHAT_CALL_Graph_neighbors);
    return rc;
}
int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]) __attribute__((alias("PMPI_Graph_neighbors")));

int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    int outer = seshat_enter(SESHAT_CALL_Graphdims_get);
    int rc = seshat_real.Graphdims_get(seshat_comm_in(comm), nnodes, nedges);
    if (outer)
        seshat_leave(SESHAT_CALL_Graphdims_get);
    return rc;
}
int MPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges) __attribute__((alias("PMPI_Graphdims_get")));

int PMPI_Grequest_complete(MPI_Request request)
{
    int outer = seshat_enter(SESHAT_CALL_Grequest_complete);
    int rc = seshat_real.Grequest_complete(request);
    if (outer)
        seshat_leave(SESHAT_CALL_Grequest_complete);
    return rc;
}
int MPI_Grequest_complete(MPI_Request request) __attribute__((alias("PMPI_Grequest_complete")));

int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm bridge_comm, int remote_leader, int tag, MPI_Comm *newintercomm)
{
    int outer = seshat_enter(SESHAT_CALL_Intercomm_create);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Intercomm_create, seshat_comm_in(local_comm));
    int rc = seshat_real.Intercomm_create(seshat_comm_in(local_comm), local_leader, seshat_comm_in(bridge_comm), remote_leader, tag, newintercomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Intercomm_create, *newintercomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Intercomm_create);
    return rc;
}
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm bridge_comm, int remote_leader, int tag, MPI_Comm *newintercomm) __attribute__((alias("PMPI_Intercomm_create")));

int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintercomm)
{
    int outer = seshat_enter(SESHAT_CALL_Intercomm_merge);
    if (outer)
        seshat_comm_sync(SESHAT_CALL_Intercomm_merge, seshat_comm_in(intercomm));
    int rc = seshat_real.Intercomm_merge(seshat_comm_in(intercomm), high, newintercomm);
    if (outer && rc == MPI_SUCCESS)
        seshat_comm_created(SESHAT_CALL_Intercomm_merge, *newintercomm);
    if (outer)
        seshat_leave(SESHAT_CALL_Intercomm_merge);
    return rc;
}
int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintercomm) __attribute__((alias("PMPI_Intercomm_merge")));

int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position, MPI_Comm comm)
{
    int outer = seshat_enter(SESHAT_CALL_Pack);
    int rc = seshat_real.Pack(inbuf, incount, datatype, outbuf, outsize, position, seshat_comm_in(comm));
    if (outer)
        seshat_leave(SESHAT_CALL_Pack);
    return rc;
}
int MPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position, MPI_Comm comm) __attribute__((alias("PMPI_Pack")));

int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    int outer = seshat_enter(SESHAT_CALL_Pack_size);
    int rc = seshat_real.Pack_size(incount, datatype, seshat_comm_in(comm), size);
    if (outer)
        seshat_leave(SESHAT_CALL_Pack_size);
    return rc;
}
int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size) __attribute__((alias("PMPI_Pack_size")));

int PMPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Put);
    int rc = seshat_real.Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Put);
    return rc;
}
int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) __attribute__((alias("PMPI_Put")));

int PMPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_Raccumulate);
    int rc = seshat_real.Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
    if (outer)
        seshat_leave(SESHAT_CALL_Raccumulate);
    return rc;
}
int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request) __attribute__((alias("PMPI_Raccumulate")));

int PMPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_Rget);
    int rc = seshat_real.Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
    if (outer)
        seshat_leave(SESHAT_CALL_Rget);
    return rc;
}
int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) __attribute__((alias("PMPI_Rget")));

int PMPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_Rget_accumulate);
    int rc = seshat_real.Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
    if (outer)
        seshat_leave(SESHAT_CALL_Rget_accumulate);
    return rc;
}
int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request) __attribute__((alias("PMPI_Rget_accumulate")));

int PMPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_cout, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    int outer = seshat_enter(SESHAT_CALL_Rput);
    int rc = seshat_real.Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_cout, target_datatype, win, request);
    if (outer)
        seshat_leave(SESHAT_CALL_Rput);
    return rc;
}
int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_cout, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) __attribute__((alias("PMPI_Rput")));

int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    int outer = seshat_enter(SESHAT_CALL_Topo_test);
    int rc = seshat_real.Topo_test(seshat_comm_in(comm), status);
    if (outer)
        seshat_leave(SESHAT_CALL_Topo_test);
    return rc;
}
int MPI_Topo_test(MPI_Comm comm, int *status) __attribute__((alias("PMPI_Topo_test")));

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype, MPI_Comm comm)
{
    int outer = seshat_enter(SESHAT_CALL_Unpack);
    int rc = seshat_real.Unpack(inbuf, insize, position, outbuf, outcount, datatype, seshat_comm_in(comm));
    if (outer)
        seshat_leave(SESHAT_CALL_Unpack);
    return rc;
}
int MPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype, MPI_Comm comm) __attribute__((alias("PMPI_Unpack")));

int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_allocate);
    if (outer)
        seshat_comm_meet(SESHAT_CALL_Win_allocate, seshat_comm_in(comm));
    int rc = seshat_real.Win_allocate(size, disp_unit, info, seshat_comm_in(comm), baseptr, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_allocate);
    return rc;
}
int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win) __attribute__((alias("PMPI_Win_allocate")));

int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_allocate_shared);
    if (outer)
        seshat_comm_meet(SESHAT_CALL_Win_allocate_shared, seshat_comm_in(comm));
    int rc = seshat_real.Win_allocate_shared(size, disp_unit, info, seshat_comm_in(comm), baseptr, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_allocate_shared);
    return rc;
}
int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win) __attribute__((alias("PMPI_Win_allocate_shared")));

int PMPI_Win_attach(MPI_Win win, void *base, MPI_Aint size)
{
    int outer = seshat_enter(SESHAT_CALL_Win_attach);
    int rc = seshat_real.Win_attach(win, base, size);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_attach);
    return rc;
}
int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size) __attribute__((alias("PMPI_Win_attach")));

int PMPI_Win_call_errhandler(MPI_Win win, int errorcode)
{
    int outer = seshat_enter(SESHAT_CALL_Win_call_errhandler);
    int rc = seshat_real.Win_call_errhandler(win, errorcode);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_call_errhandler);
    return rc;
}
int MPI_Win_call_errhandler(MPI_Win win, int errorcode) __attribute__((alias("PMPI_Win_call_errhandler")));

int PMPI_Win_complete(MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_complete);
    int rc = seshat_real.Win_complete(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_complete);
    return rc;
}
int MPI_Win_complete(MPI_Win win) __attribute__((alias("PMPI_Win_complete")));

int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_create);
    if (outer)
        seshat_comm_meet(SESHAT_CALL_Win_create, seshat_comm_in(comm));
    int rc = seshat_real.Win_create(base, size, disp_unit, info, seshat_comm_in(comm), win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_create);
    return rc;
}
int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win) __attribute__((alias("PMPI_Win_create")));

int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_create_dynamic);
    if (outer)
        seshat_comm_meet(SESHAT_CALL_Win_create_dynamic, seshat_comm_in(comm));
    int rc = seshat_real.Win_create_dynamic(info, seshat_comm_in(comm), win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_create_dynamic);
    return rc;
}
int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win) __attribute__((alias("PMPI_Win_create_dynamic")));

int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *function, MPI_Errhandler *errhandler)
{
    int outer = seshat_enter(SESHAT_CALL_Win_create_errhandler);
    int rc = seshat_real.Win_create_errhandler(function, errhandler);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_create_errhandler);
    return rc;
}
int MPI_Win_create_errhandler(MPI_Win_errhandler_function *function, MPI_Errhandler *errhandler) __attribute__((alias("PMPI_Win_create_errhandler")));

int PMPI_Win_delete_attr(MPI_Win win, int win_keyval)
{
    int outer = seshat_enter(SESHAT_CALL_Win_delete_attr);
    int rc = seshat_real.Win_delete_attr(win, win_keyval);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_delete_attr);
    return rc;
}
int MPI_Win_delete_attr(MPI_Win win, int win_keyval) __attribute__((alias("PMPI_Win_delete_attr")));

int PMPI_Win_detach(MPI_Win win, const void *base)
{
    int outer = seshat_enter(SESHAT_CALL_Win_detach);
    int rc = seshat_real.Win_detach(win, base);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_detach);
    return rc;
}
int MPI_Win_detach(MPI_Win win, const void *base) __attribute__((alias("PMPI_Win_detach")));

int PMPI_Win_fence(int assert, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_fence);
    int rc = seshat_real.Win_fence(assert, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_fence);
    return rc;
}
int MPI_Win_fence(int assert, MPI_Win win) __attribute__((alias("PMPI_Win_fence")));

int PMPI_Win_flush(int rank, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_flush);
    int rc = seshat_real.Win_flush(rank, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_flush);
    return rc;
}
int MPI_Win_flush(int rank, MPI_Win win) __attribute__((alias("PMPI_Win_flush")));

int PMPI_Win_flush_all(MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_flush_all);
    int rc = seshat_real.Win_flush_all(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_flush_all);
    return rc;
}
int MPI_Win_flush_all(MPI_Win win) __attribute__((alias("PMPI_Win_flush_all")));

int PMPI_Win_flush_local(int rank, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_flush_local);
    int rc = seshat_real.Win_flush_local(rank, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_flush_local);
    return rc;
}
int MPI_Win_flush_local(int rank, MPI_Win win) __attribute__((alias("PMPI_Win_flush_local")));

int PMPI_Win_flush_local_all(MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_flush_local_all);
    int rc = seshat_real.Win_flush_local_all(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_flush_local_all);
    return rc;
}
int MPI_Win_flush_local_all(MPI_Win win) __attribute__((alias("PMPI_Win_flush_local_all")));

int PMPI_Win_free(MPI_Win *win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_free);
    int rc = seshat_real.Win_free(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_free);
    return rc;
}
int MPI_Win_free(MPI_Win *win) __attribute__((alias("PMPI_Win_free")));

int PMPI_Win_free_keyval(int *win_keyval)
{
    int outer = seshat_enter(SESHAT_CALL_Win_free_keyval);
    int rc = seshat_real.Win_free_keyval(win_keyval);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_free_keyval);
    return rc;
}
int MPI_Win_free_keyval(int *win_keyval) __attribute__((alias("PMPI_Win_free_keyval")));

int PMPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag)
{
    int outer = seshat_enter(SESHAT_CALL_Win_get_attr);
    int rc = seshat_real.Win_get_attr(win, win_keyval, attribute_val, flag);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_get_attr);
    return rc;
}
int MPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag) __attribute__((alias("PMPI_Win_get_attr")));

int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler)
{
    int outer = seshat_enter(SESHAT_CALL_Win_get_errhandler);
    int rc = seshat_real.Win_get_errhandler(win, errhandler);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_get_errhandler);
    return rc;
}
int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler) __attribute__((alias("PMPI_Win_get_errhandler")));

int PMPI_Win_get_group(MPI_Win win, MPI_Group *group)
{
    int outer = seshat_enter(SESHAT_CALL_Win_get_group);
    int rc = seshat_real.Win_get_group(win, group);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_get_group);
    return rc;
}
int MPI_Win_get_group(MPI_Win win, MPI_Group *group) __attribute__((alias("PMPI_Win_get_group")));

int PMPI_Win_get_info(MPI_Win win, MPI_Info *info_used)
{
    int outer = seshat_enter(SESHAT_CALL_Win_get_info);
    int rc = seshat_real.Win_get_info(win, info_used);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_get_info);
    return rc;
}
int MPI_Win_get_info(MPI_Win win, MPI_Info *info_used) __attribute__((alias("PMPI_Win_get_info")));

int PMPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen)
{
    int outer = seshat_enter(SESHAT_CALL_Win_get_name);
    int rc = seshat_real.Win_get_name(win, win_name, resultlen);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_get_name);
    return rc;
}
int MPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen) __attribute__((alias("PMPI_Win_get_name")));

int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_lock);
    int rc = seshat_real.Win_lock(lock_type, rank, assert, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_lock);
    return rc;
}
int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win) __attribute__((alias("PMPI_Win_lock")));

int PMPI_Win_lock_all(int assert, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_lock_all);
    int rc = seshat_real.Win_lock_all(assert, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_lock_all);
    return rc;
}
int MPI_Win_lock_all(int assert, MPI_Win win) __attribute__((alias("PMPI_Win_lock_all")));

int PMPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_post);
    int rc = seshat_real.Win_post(group, assert, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_post);
    return rc;
}
int MPI_Win_post(MPI_Group group, int assert, MPI_Win win) __attribute__((alias("PMPI_Win_post")));

int PMPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val)
{
    int outer = seshat_enter(SESHAT_CALL_Win_set_attr);
    int rc = seshat_real.Win_set_attr(win, win_keyval, attribute_val);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_set_attr);
    return rc;
}
int MPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val) __attribute__((alias("PMPI_Win_set_attr")));

int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler)
{
    int outer = seshat_enter(SESHAT_CALL_Win_set_errhandler);
    int rc = seshat_real.Win_set_errhandler(win, errhandler);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_set_errhandler);
    return rc;
}
int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler) __attribute__((alias("PMPI_Win_set_errhandler")));

int PMPI_Win_set_info(MPI_Win win, MPI_Info info)
{
    int outer = seshat_enter(SESHAT_CALL_Win_set_info);
    int rc = seshat_real.Win_set_info(win, info);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_set_info);
    return rc;
}
int MPI_Win_set_info(MPI_Win win, MPI_Info info) __attribute__((alias("PMPI_Win_set_info")));

int PMPI_Win_set_name(MPI_Win win, const char *win_name)
{
    int outer = seshat_enter(SESHAT_CALL_Win_set_name);
    int rc = seshat_real.Win_set_name(win, win_name);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_set_name);
    return rc;
}
int MPI_Win_set_name(MPI_Win win, const char *win_name) __attribute__((alias("PMPI_Win_set_name")));

int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
    int outer = seshat_enter(SESHAT_CALL_Win_shared_query);
    int rc = seshat_real.Win_shared_query(win, rank, size, disp_unit, baseptr);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_shared_query);
    return rc;
}
int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr) __attribute__((alias("PMPI_Win_shared_query")));

int PMPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_start);
    int rc = seshat_real.Win_start(group, assert, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_start);
    return rc;
}
int MPI_Win_start(MPI_Group group, int assert, MPI_Win win) __attribute__((alias("PMPI_Win_start")));

int PMPI_Win_sync(MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_sync);
    int rc = seshat_real.Win_sync(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_sync);
    return rc;
}
int MPI_Win_sync(MPI_Win win) __attribute__((alias("PMPI_Win_sync")));

int PMPI_Win_test(MPI_Win win, int *flag)
{
    int outer = seshat_enter(SESHAT_CALL_Win_test);
    int rc = seshat_real.Win_test(win, flag);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_test);
    return rc;
}
int MPI_Win_test(MPI_Win win, int *flag) __attribute__((alias("PMPI_Win_test")));

int PMPI_Win_unlock(int rank, MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_unlock);
    int rc = seshat_real.Win_unlock(rank, win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_unlock);
    return rc;
}
int MPI_Win_unlock(int rank, MPI_Win win) __attribute__((alias("PMPI_Win_unlock")));

int PMPI_Win_unlock_all(MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_unlock_all);
    int rc = seshat_real.Win_unlock_all(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_unlock_all);
    return rc;
}
int MPI_Win_unlock_all(MPI_Win win) __attribute__((alias("PMPI_Win_unlock_all")));

int PMPI_Win_wait(MPI_Win win)
{
    int outer = seshat_enter(SESHAT_CALL_Win_wait);
    int rc = seshat_real.Win_wait(win);
    if (outer)
        seshat_leave(SESHAT_CALL_Win_wait);
    return rc;
}
int MPI_Win_wait(MPI_Win win) __attribute__((alias("PMPI_Win_wait")));

