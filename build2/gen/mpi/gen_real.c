/* GENERATED at build time by src/mpi/gen.py from mpi.h and calls.spec. Do not edit. */
#include <dlfcn.h>
#include "mpi/gen_calls.h"

const char *const seshat_call_names[SESHAT_CALL_COUNT] = {
    "MPI_Abort",
    "MPI_Accumulate",
    "MPI_Allgather",
    "MPI_Allgatherv",
    "MPI_Allreduce",
    "MPI_Alltoall",
    "MPI_Alltoallv",
    "MPI_Alltoallw",
    "MPI_Attr_delete",
    "MPI_Attr_get",
    "MPI_Attr_put",
    "MPI_Barrier",
    "MPI_Bcast",
    "MPI_Bsend",
    "MPI_Bsend_init",
    "MPI_Cancel",
    "MPI_Cart_coords",
    "MPI_Cart_create",
    "MPI_Cart_get",
    "MPI_Cart_map",
    "MPI_Cart_rank",
    "MPI_Cart_shift",
    "MPI_Cart_sub",
    "MPI_Cartdim_get",
    "MPI_Comm_call_errhandler",
    "MPI_Comm_compare",
    "MPI_Comm_create",
    "MPI_Comm_create_errhandler",
    "MPI_Comm_create_group",
    "MPI_Comm_delete_attr",
    "MPI_Comm_disconnect",
    "MPI_Comm_dup",
    "MPI_Comm_dup_with_info",
    "MPI_Comm_free",
    "MPI_Comm_get_attr",
    "MPI_Comm_get_errhandler",
    "MPI_Comm_get_info",
    "MPI_Comm_get_name",
    "MPI_Comm_group",
    "MPI_Comm_idup",
    "MPI_Comm_rank",
    "MPI_Comm_remote_group",
    "MPI_Comm_remote_size",
    "MPI_Comm_set_attr",
    "MPI_Comm_set_errhandler",
    "MPI_Comm_set_info",
    "MPI_Comm_set_name",
    "MPI_Comm_size",
    "MPI_Comm_split",
    "MPI_Comm_split_type",
    "MPI_Comm_test_inter",
    "MPI_Compare_and_swap",
    "MPI_Dist_graph_create",
    "MPI_Dist_graph_create_adjacent",
    "MPI_Dist_graph_neighbors",
    "MPI_Dist_graph_neighbors_count",
    "MPI_Exscan",
    "MPI_Fetch_and_op",
    "MPI_File_call_errhandler",
    "MPI_File_close",
    "MPI_File_create_errhandler",
    "MPI_File_delete",
    "MPI_File_get_amode",
    "MPI_File_get_atomicity",
    "MPI_File_get_byte_offset",
    "MPI_File_get_errhandler",
    "MPI_File_get_group",
    "MPI_File_get_info",
    "MPI_File_get_position",
    "MPI_File_get_position_shared",
    "MPI_File_get_size",
    "MPI_File_get_type_extent",
    "MPI_File_get_view",
    "MPI_File_iread",
    "MPI_File_iread_all",
    "MPI_File_iread_at",
    "MPI_File_iread_at_all",
    "MPI_File_iread_shared",
    "MPI_File_iwrite",
    "MPI_File_iwrite_all",
    "MPI_File_iwrite_at",
    "MPI_File_iwrite_at_all",
    "MPI_File_iwrite_shared",
    "MPI_File_open",
    "MPI_File_preallocate",
    "MPI_File_read",
    "MPI_File_read_all",
    "MPI_File_read_all_begin",
    "MPI_File_read_all_end",
    "MPI_File_read_at",
    "MPI_File_read_at_all",
    "MPI_File_read_at_all_begin",
    "MPI_File_read_at_all_end",
    "MPI_File_read_ordered",
    "MPI_File_read_ordered_begin",
    "MPI_File_read_ordered_end",
    "MPI_File_read_shared",
    "MPI_File_seek",
    "MPI_File_seek_shared",
    "MPI_File_set_atomicity",
    "MPI_File_set_errhandler",
    "MPI_File_set_info",
    "MPI_File_set_size",
    "MPI_File_set_view",
    "MPI_File_sync",
    "MPI_File_write",
    "MPI_File_write_all",
    "MPI_File_write_all_begin",
    "MPI_File_write_all_end",
    "MPI_File_write_at",
    "MPI_File_write_at_all",
    "MPI_File_write_at_all_begin",
    "MPI_File_write_at_all_end",
    "MPI_File_write_ordered",
    "MPI_File_write_ordered_begin",
    "MPI_File_write_ordered_end",
    "MPI_File_write_shared",
    "MPI_Finalize",
    "MPI_Gather",
    "MPI_Gatherv",
    "MPI_Get",
    "MPI_Get_accumulate",
    "MPI_Graph_create",
    "MPI_Graph_get",
    "MPI_Graph_map",
    "MPI_Graph_neighbors",
    "MPI_Graph_neighbors_count",
    "MPI_Graphdims_get",
    "MPI_Grequest_complete",
    "MPI_Grequest_start",
    "MPI_Iallgather",
    "MPI_Iallgatherv",
    "MPI_Iallreduce",
    "MPI_Ialltoall",
    "MPI_Ialltoallv",
    "MPI_Ialltoallw",
    "MPI_Ibarrier",
    "MPI_Ibcast",
    "MPI_Ibsend",
    "MPI_Iexscan",
    "MPI_Igather",
    "MPI_Igatherv",
    "MPI_Improbe",
    "MPI_Imrecv",
    "MPI_Ineighbor_allgather",
    "MPI_Ineighbor_allgatherv",
    "MPI_Ineighbor_alltoall",
    "MPI_Ineighbor_alltoallv",
    "MPI_Ineighbor_alltoallw",
    "MPI_Init",
    "MPI_Init_thread",
    "MPI_Intercomm_create",
    "MPI_Intercomm_merge",
    "MPI_Iprobe",
    "MPI_Irecv",
    "MPI_Ireduce",
    "MPI_Ireduce_scatter",
    "MPI_Ireduce_scatter_block",
    "MPI_Irsend",
    "MPI_Iscan",
    "MPI_Iscatter",
    "MPI_Iscatterv",
    "MPI_Isend",
    "MPI_Issend",
    "MPI_Mprobe",
    "MPI_Mrecv",
    "MPI_Neighbor_allgather",
    "MPI_Neighbor_allgatherv",
    "MPI_Neighbor_alltoall",
    "MPI_Neighbor_alltoallv",
    "MPI_Neighbor_alltoallw",
    "MPI_Pack",
    "MPI_Pack_size",
    "MPI_Probe",
    "MPI_Put",
    "MPI_Raccumulate",
    "MPI_Recv",
    "MPI_Recv_init",
    "MPI_Reduce",
    "MPI_Reduce_scatter",
    "MPI_Reduce_scatter_block",
    "MPI_Request_free",
    "MPI_Request_get_status",
    "MPI_Rget",
    "MPI_Rget_accumulate",
    "MPI_Rput",
    "MPI_Rsend",
    "MPI_Rsend_init",
    "MPI_Scan",
    "MPI_Scatter",
    "MPI_Scatterv",
    "MPI_Send",
    "MPI_Send_init",
    "MPI_Sendrecv",
    "MPI_Sendrecv_replace",
    "MPI_Ssend",
    "MPI_Ssend_init",
    "MPI_Start",
    "MPI_Startall",
    "MPI_Test",
    "MPI_Testall",
    "MPI_Testany",
    "MPI_Testsome",
    "MPI_Topo_test",
    "MPI_Unpack",
    "MPI_Wait",
    "MPI_Waitall",
    "MPI_Waitany",
    "MPI_Waitsome",
    "MPI_Win_allocate",
    "MPI_Win_allocate_shared",
    "MPI_Win_attach",
    "MPI_Win_call_errhandler",
    "MPI_Win_complete",
    "MPI_Win_create",
    "MPI_Win_create_dynamic",
    "MPI_Win_create_errhandler",
    "MPI_Win_create_keyval",
    "MPI_Win_delete_attr",
    "MPI_Win_detach",
    "MPI_Win_fence",
    "MPI_Win_flush",
    "MPI_Win_flush_all",
    "MPI_Win_flush_local",
    "MPI_Win_flush_local_all",
    "MPI_Win_free",
    "MPI_Win_free_keyval",
    "MPI_Win_get_attr",
    "MPI_Win_get_errhandler",
    "MPI_Win_get_group",
    "MPI_Win_get_info",
    "MPI_Win_get_name",
    "MPI_Win_lock",
    "MPI_Win_lock_all",
    "MPI_Win_post",
    "MPI_Win_set_attr",
    "MPI_Win_set_errhandler",
    "MPI_Win_set_info",
    "MPI_Win_set_name",
    "MPI_Win_shared_query",
    "MPI_Win_start",
    "MPI_Win_sync",
    "MPI_Win_test",
    "MPI_Win_unlock",
    "MPI_Win_unlock_all",
    "MPI_Win_wait",
    "MPI_Wtick",
    "MPI_Wtime",
};

const unsigned char seshat_call_unmodeled[SESHAT_CALL_COUNT] = {
    0, /* Abort */
    1, /* Accumulate */
    0, /* Allgather */
    0, /* Allgatherv */
    0, /* Allreduce */
    0, /* Alltoall */
    0, /* Alltoallv */
    0, /* Alltoallw */
    0, /* Attr_delete */
    0, /* Attr_get */
    0, /* Attr_put */
    0, /* Barrier */
    0, /* Bcast */
    0, /* Bsend */
    0, /* Bsend_init */
    0, /* Cancel */
    0, /* Cart_coords */
    0, /* Cart_create */
    0, /* Cart_get */
    0, /* Cart_map */
    0, /* Cart_rank */
    0, /* Cart_shift */
    0, /* Cart_sub */
    0, /* Cartdim_get */
    0, /* Comm_call_errhandler */
    0, /* Comm_compare */
    0, /* Comm_create */
    0, /* Comm_create_errhandler */
    0, /* Comm_create_group */
    0, /* Comm_delete_attr */
    0, /* Comm_disconnect */
    0, /* Comm_dup */
    0, /* Comm_dup_with_info */
    0, /* Comm_free */
    0, /* Comm_get_attr */
    0, /* Comm_get_errhandler */
    0, /* Comm_get_info */
    0, /* Comm_get_name */
    0, /* Comm_group */
    0, /* Comm_idup */
    0, /* Comm_rank */
    0, /* Comm_remote_group */
    0, /* Comm_remote_size */
    0, /* Comm_set_attr */
    0, /* Comm_set_errhandler */
    0, /* Comm_set_info */
    0, /* Comm_set_name */
    0, /* Comm_size */
    0, /* Comm_split */
    0, /* Comm_split_type */
    0, /* Comm_test_inter */
    1, /* Compare_and_swap */
    0, /* Dist_graph_create */
    0, /* Dist_graph_create_adjacent */
    0, /* Dist_graph_neighbors */
    0, /* Dist_graph_neighbors_count */
    0, /* Exscan */
    1, /* Fetch_and_op */
    1, /* File_call_errhandler */
    1, /* File_close */
    1, /* File_create_errhandler */
    1, /* File_delete */
    1, /* File_get_amode */
    1, /* File_get_atomicity */
    1, /* File_get_byte_offset */
    1, /* File_get_errhandler */
    1, /* File_get_group */
    1, /* File_get_info */
    1, /* File_get_position */
    1, /* File_get_position_shared */
    1, /* File_get_size */
    1, /* File_get_type_extent */
    1, /* File_get_view */
    1, /* File_iread */
    1, /* File_iread_all */
    1, /* File_iread_at */
    1, /* File_iread_at_all */
    1, /* File_iread_shared */
    1, /* File_iwrite */
    1, /* File_iwrite_all */
    1, /* File_iwrite_at */
    1, /* File_iwrite_at_all */
    1, /* File_iwrite_shared */
    1, /* File_open */
    1, /* File_preallocate */
    1, /* File_read */
    1, /* File_read_all */
    1, /* File_read_all_begin */
    1, /* File_read_all_end */
    1, /* File_read_at */
    1, /* File_read_at_all */
    1, /* File_read_at_all_begin */
    1, /* File_read_at_all_end */
    1, /* File_read_ordered */
    1, /* File_read_ordered_begin */
    1, /* File_read_ordered_end */
    1, /* File_read_shared */
    1, /* File_seek */
    1, /* File_seek_shared */
    1, /* File_set_atomicity */
    1, /* File_set_errhandler */
    1, /* File_set_info */
    1, /* File_set_size */
    1, /* File_set_view */
    1, /* File_sync */
    1, /* File_write */
    1, /* File_write_all */
    1, /* File_write_all_begin */
    1, /* File_write_all_end */
    1, /* File_write_at */
    1, /* File_write_at_all */
    1, /* File_write_at_all_begin */
    1, /* File_write_at_all_end */
    1, /* File_write_ordered */
    1, /* File_write_ordered_begin */
    1, /* File_write_ordered_end */
    1, /* File_write_shared */
    0, /* Finalize */
    0, /* Gather */
    0, /* Gatherv */
    1, /* Get */
    1, /* Get_accumulate */
    0, /* Graph_create */
    0, /* Graph_get */
    0, /* Graph_map */
    0, /* Graph_neighbors */
    0, /* Graph_neighbors_count */
    0, /* Graphdims_get */
    0, /* Grequest_complete */
    0, /* Grequest_start */
    0, /* Iallgather */
    0, /* Iallgatherv */
    0, /* Iallreduce */
    0, /* Ialltoall */
    0, /* Ialltoallv */
    0, /* Ialltoallw */
    0, /* Ibarrier */
    0, /* Ibcast */
    0, /* Ibsend */
    0, /* Iexscan */
    0, /* Igather */
    0, /* Igatherv */
    0, /* Improbe */
    0, /* Imrecv */
    0, /* Ineighbor_allgather */
    0, /* Ineighbor_allgatherv */
    0, /* Ineighbor_alltoall */
    0, /* Ineighbor_alltoallv */
    0, /* Ineighbor_alltoallw */
    0, /* Init */
    0, /* Init_thread */
    0, /* Intercomm_create */
    0, /* Intercomm_merge */
    0, /* Iprobe */
    0, /* Irecv */
    0, /* Ireduce */
    0, /* Ireduce_scatter */
    0, /* Ireduce_scatter_block */
    0, /* Irsend */
    0, /* Iscan */
    0, /* Iscatter */
    0, /* Iscatterv */
    0, /* Isend */
    0, /* Issend */
    0, /* Mprobe */
    0, /* Mrecv */
    0, /* Neighbor_allgather */
    0, /* Neighbor_allgatherv */
    0, /* Neighbor_alltoall */
    0, /* Neighbor_alltoallv */
    0, /* Neighbor_alltoallw */
    0, /* Pack */
    0, /* Pack_size */
    0, /* Probe */
    1, /* Put */
    1, /* Raccumulate */
    0, /* Recv */
    0, /* Recv_init */
    0, /* Reduce */
    0, /* Reduce_scatter */
    0, /* Reduce_scatter_block */
    0, /* Request_free */
    0, /* Request_get_status */
    1, /* Rget */
    1, /* Rget_accumulate */
    1, /* Rput */
    0, /* Rsend */
    0, /* Rsend_init */
    0, /* Scan */
    0, /* Scatter */
    0, /* Scatterv */
    0, /* Send */
    0, /* Send_init */
    0, /* Sendrecv */
    0, /* Sendrecv_replace */
    0, /* Ssend */
    0, /* Ssend_init */
    0, /* Start */
    0, /* Startall */
    0, /* Test */
    0, /* Testall */
    0, /* Testany */
    0, /* Testsome */
    0, /* Topo_test */
    0, /* Unpack */
    0, /* Wait */
    0, /* Waitall */
    0, /* Waitany */
    0, /* Waitsome */
    1, /* Win_allocate */
    1, /* Win_allocate_shared */
    1, /* Win_attach */
    1, /* Win_call_errhandler */
    1, /* Win_complete */
    1, /* Win_create */
    1, /* Win_create_dynamic */
    1, /* Win_create_errhandler */
    0, /* Win_create_keyval */
    1, /* Win_delete_attr */
    1, /* Win_detach */
    1, /* Win_fence */
    1, /* Win_flush */
    1, /* Win_flush_all */
    1, /* Win_flush_local */
    1, /* Win_flush_local_all */
    1, /* Win_free */
    1, /* Win_free_keyval */
    1, /* Win_get_attr */
    1, /* Win_get_errhandler */
    1, /* Win_get_group */
    1, /* Win_get_info */
    1, /* Win_get_name */
    1, /* Win_lock */
    1, /* Win_lock_all */
    1, /* Win_post */
    1, /* Win_set_attr */
    1, /* Win_set_errhandler */
    1, /* Win_set_info */
    1, /* Win_set_name */
    1, /* Win_shared_query */
    1, /* Win_start */
    1, /* Win_sync */
    1, /* Win_test */
    1, /* Win_unlock */
    1, /* Win_unlock_all */
    1, /* Win_wait */
    0, /* Wtick */
    0, /* Wtime */
};

struct seshat_real_table seshat_real;

int seshat_real_resolve(void)
{
    int missing = 0;
    void *p;
    p = dlsym(RTLD_NEXT, "PMPI_Abort");
    missing += !p;
    *(void **)&seshat_real.Abort = p;
    p = dlsym(RTLD_NEXT, "PMPI_Accumulate");
    missing += !p;
    *(void **)&seshat_real.Accumulate = p;
    p = dlsym(RTLD_NEXT, "PMPI_Add_error_class");
    missing += !p;
    *(void **)&seshat_real.Add_error_class = p;
    p = dlsym(RTLD_NEXT, "PMPI_Add_error_code");
    missing += !p;
    *(void **)&seshat_real.Add_error_code = p;
    p = dlsym(RTLD_NEXT, "PMPI_Add_error_string");
    missing += !p;
    *(void **)&seshat_real.Add_error_string = p;
    p = dlsym(RTLD_NEXT, "PMPI_Allgather");
    missing += !p;
    *(void **)&seshat_real.Allgather = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iallgather");
    missing += !p;
    *(void **)&seshat_real.Iallgather = p;
    p = dlsym(RTLD_NEXT, "PMPI_Allgatherv");
    missing += !p;
    *(void **)&seshat_real.Allgatherv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iallgatherv");
    missing += !p;
    *(void **)&seshat_real.Iallgatherv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Alloc_mem");
    missing += !p;
    *(void **)&seshat_real.Alloc_mem = p;
    p = dlsym(RTLD_NEXT, "PMPI_Allreduce");
    missing += !p;
    *(void **)&seshat_real.Allreduce = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iallreduce");
    missing += !p;
    *(void **)&seshat_real.Iallreduce = p;
    p = dlsym(RTLD_NEXT, "PMPI_Alltoall");
    missing += !p;
    *(void **)&seshat_real.Alltoall = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ialltoall");
    missing += !p;
    *(void **)&seshat_real.Ialltoall = p;
    p = dlsym(RTLD_NEXT, "PMPI_Alltoallv");
    missing += !p;
    *(void **)&seshat_real.Alltoallv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ialltoallv");
    missing += !p;
    *(void **)&seshat_real.Ialltoallv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Alltoallw");
    missing += !p;
    *(void **)&seshat_real.Alltoallw = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ialltoallw");
    missing += !p;
    *(void **)&seshat_real.Ialltoallw = p;
    p = dlsym(RTLD_NEXT, "PMPI_Dist_graph_create");
    missing += !p;
    *(void **)&seshat_real.Dist_graph_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Dist_graph_create_adjacent");
    missing += !p;
    *(void **)&seshat_real.Dist_graph_create_adjacent = p;
    p = dlsym(RTLD_NEXT, "PMPI_Dist_graph_neighbors");
    missing += !p;
    *(void **)&seshat_real.Dist_graph_neighbors = p;
    p = dlsym(RTLD_NEXT, "PMPI_Dist_graph_neighbors_count");
    missing += !p;
    *(void **)&seshat_real.Dist_graph_neighbors_count = p;
    p = dlsym(RTLD_NEXT, "PMPI_Barrier");
    missing += !p;
    *(void **)&seshat_real.Barrier = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ibarrier");
    missing += !p;
    *(void **)&seshat_real.Ibarrier = p;
    p = dlsym(RTLD_NEXT, "PMPI_Bcast");
    missing += !p;
    *(void **)&seshat_real.Bcast = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ibcast");
    missing += !p;
    *(void **)&seshat_real.Ibcast = p;
    p = dlsym(RTLD_NEXT, "PMPI_Bsend");
    missing += !p;
    *(void **)&seshat_real.Bsend = p;
    p = dlsym(RTLD_NEXT, "PMPI_Bsend_init");
    missing += !p;
    *(void **)&seshat_real.Bsend_init = p;
    p = dlsym(RTLD_NEXT, "PMPI_Buffer_attach");
    missing += !p;
    *(void **)&seshat_real.Buffer_attach = p;
    p = dlsym(RTLD_NEXT, "PMPI_Buffer_detach");
    missing += !p;
    *(void **)&seshat_real.Buffer_detach = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cancel");
    missing += !p;
    *(void **)&seshat_real.Cancel = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cart_coords");
    missing += !p;
    *(void **)&seshat_real.Cart_coords = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cart_create");
    missing += !p;
    *(void **)&seshat_real.Cart_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cart_get");
    missing += !p;
    *(void **)&seshat_real.Cart_get = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cart_map");
    missing += !p;
    *(void **)&seshat_real.Cart_map = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cart_rank");
    missing += !p;
    *(void **)&seshat_real.Cart_rank = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cart_shift");
    missing += !p;
    *(void **)&seshat_real.Cart_shift = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cart_sub");
    missing += !p;
    *(void **)&seshat_real.Cart_sub = p;
    p = dlsym(RTLD_NEXT, "PMPI_Cartdim_get");
    missing += !p;
    *(void **)&seshat_real.Cartdim_get = p;
    p = dlsym(RTLD_NEXT, "PMPI_Close_port");
    missing += !p;
    *(void **)&seshat_real.Close_port = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_accept");
    missing += !p;
    *(void **)&seshat_real.Comm_accept = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_c2f");
    missing += !p;
    *(void **)&seshat_real.Comm_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_call_errhandler");
    missing += !p;
    *(void **)&seshat_real.Comm_call_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_compare");
    missing += !p;
    *(void **)&seshat_real.Comm_compare = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_connect");
    missing += !p;
    *(void **)&seshat_real.Comm_connect = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_create_errhandler");
    missing += !p;
    *(void **)&seshat_real.Comm_create_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_create_keyval");
    missing += !p;
    *(void **)&seshat_real.Comm_create_keyval = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_create_group");
    missing += !p;
    *(void **)&seshat_real.Comm_create_group = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_create");
    missing += !p;
    *(void **)&seshat_real.Comm_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_delete_attr");
    missing += !p;
    *(void **)&seshat_real.Comm_delete_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_disconnect");
    missing += !p;
    *(void **)&seshat_real.Comm_disconnect = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_dup");
    missing += !p;
    *(void **)&seshat_real.Comm_dup = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_idup");
    missing += !p;
    *(void **)&seshat_real.Comm_idup = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_dup_with_info");
    missing += !p;
    *(void **)&seshat_real.Comm_dup_with_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_f2c");
    missing += !p;
    *(void **)&seshat_real.Comm_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_free_keyval");
    missing += !p;
    *(void **)&seshat_real.Comm_free_keyval = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_free");
    missing += !p;
    *(void **)&seshat_real.Comm_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_get_attr");
    missing += !p;
    *(void **)&seshat_real.Comm_get_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_get_errhandler");
    missing += !p;
    *(void **)&seshat_real.Comm_get_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_get_info");
    missing += !p;
    *(void **)&seshat_real.Comm_get_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_get_name");
    missing += !p;
    *(void **)&seshat_real.Comm_get_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_get_parent");
    missing += !p;
    *(void **)&seshat_real.Comm_get_parent = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_group");
    missing += !p;
    *(void **)&seshat_real.Comm_group = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_join");
    missing += !p;
    *(void **)&seshat_real.Comm_join = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_rank");
    missing += !p;
    *(void **)&seshat_real.Comm_rank = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_remote_group");
    missing += !p;
    *(void **)&seshat_real.Comm_remote_group = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_remote_size");
    missing += !p;
    *(void **)&seshat_real.Comm_remote_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_set_attr");
    missing += !p;
    *(void **)&seshat_real.Comm_set_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_set_errhandler");
    missing += !p;
    *(void **)&seshat_real.Comm_set_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_set_info");
    missing += !p;
    *(void **)&seshat_real.Comm_set_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_set_name");
    missing += !p;
    *(void **)&seshat_real.Comm_set_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_size");
    missing += !p;
    *(void **)&seshat_real.Comm_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_spawn");
    missing += !p;
    *(void **)&seshat_real.Comm_spawn = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_spawn_multiple");
    missing += !p;
    *(void **)&seshat_real.Comm_spawn_multiple = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_split");
    missing += !p;
    *(void **)&seshat_real.Comm_split = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_split_type");
    missing += !p;
    *(void **)&seshat_real.Comm_split_type = p;
    p = dlsym(RTLD_NEXT, "PMPI_Comm_test_inter");
    missing += !p;
    *(void **)&seshat_real.Comm_test_inter = p;
    p = dlsym(RTLD_NEXT, "PMPI_Compare_and_swap");
    missing += !p;
    *(void **)&seshat_real.Compare_and_swap = p;
    p = dlsym(RTLD_NEXT, "PMPI_Dims_create");
    missing += !p;
    *(void **)&seshat_real.Dims_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Errhandler_c2f");
    missing += !p;
    *(void **)&seshat_real.Errhandler_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Errhandler_f2c");
    missing += !p;
    *(void **)&seshat_real.Errhandler_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Errhandler_free");
    missing += !p;
    *(void **)&seshat_real.Errhandler_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Error_class");
    missing += !p;
    *(void **)&seshat_real.Error_class = p;
    p = dlsym(RTLD_NEXT, "PMPI_Error_string");
    missing += !p;
    *(void **)&seshat_real.Error_string = p;
    p = dlsym(RTLD_NEXT, "PMPI_Exscan");
    missing += !p;
    *(void **)&seshat_real.Exscan = p;
    p = dlsym(RTLD_NEXT, "PMPI_Fetch_and_op");
    missing += !p;
    *(void **)&seshat_real.Fetch_and_op = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iexscan");
    missing += !p;
    *(void **)&seshat_real.Iexscan = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_c2f");
    missing += !p;
    *(void **)&seshat_real.File_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_f2c");
    missing += !p;
    *(void **)&seshat_real.File_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_call_errhandler");
    missing += !p;
    *(void **)&seshat_real.File_call_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_create_errhandler");
    missing += !p;
    *(void **)&seshat_real.File_create_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_set_errhandler");
    missing += !p;
    *(void **)&seshat_real.File_set_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_errhandler");
    missing += !p;
    *(void **)&seshat_real.File_get_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_open");
    missing += !p;
    *(void **)&seshat_real.File_open = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_close");
    missing += !p;
    *(void **)&seshat_real.File_close = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_delete");
    missing += !p;
    *(void **)&seshat_real.File_delete = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_set_size");
    missing += !p;
    *(void **)&seshat_real.File_set_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_preallocate");
    missing += !p;
    *(void **)&seshat_real.File_preallocate = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_size");
    missing += !p;
    *(void **)&seshat_real.File_get_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_group");
    missing += !p;
    *(void **)&seshat_real.File_get_group = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_amode");
    missing += !p;
    *(void **)&seshat_real.File_get_amode = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_set_info");
    missing += !p;
    *(void **)&seshat_real.File_set_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_info");
    missing += !p;
    *(void **)&seshat_real.File_get_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_set_view");
    missing += !p;
    *(void **)&seshat_real.File_set_view = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_view");
    missing += !p;
    *(void **)&seshat_real.File_get_view = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_at");
    missing += !p;
    *(void **)&seshat_real.File_read_at = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_at_all");
    missing += !p;
    *(void **)&seshat_real.File_read_at_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_at");
    missing += !p;
    *(void **)&seshat_real.File_write_at = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_at_all");
    missing += !p;
    *(void **)&seshat_real.File_write_at_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iread_at");
    missing += !p;
    *(void **)&seshat_real.File_iread_at = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iwrite_at");
    missing += !p;
    *(void **)&seshat_real.File_iwrite_at = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iread_at_all");
    missing += !p;
    *(void **)&seshat_real.File_iread_at_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iwrite_at_all");
    missing += !p;
    *(void **)&seshat_real.File_iwrite_at_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read");
    missing += !p;
    *(void **)&seshat_real.File_read = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_all");
    missing += !p;
    *(void **)&seshat_real.File_read_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write");
    missing += !p;
    *(void **)&seshat_real.File_write = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_all");
    missing += !p;
    *(void **)&seshat_real.File_write_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iread");
    missing += !p;
    *(void **)&seshat_real.File_iread = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iwrite");
    missing += !p;
    *(void **)&seshat_real.File_iwrite = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iread_all");
    missing += !p;
    *(void **)&seshat_real.File_iread_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iwrite_all");
    missing += !p;
    *(void **)&seshat_real.File_iwrite_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_seek");
    missing += !p;
    *(void **)&seshat_real.File_seek = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_position");
    missing += !p;
    *(void **)&seshat_real.File_get_position = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_byte_offset");
    missing += !p;
    *(void **)&seshat_real.File_get_byte_offset = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_shared");
    missing += !p;
    *(void **)&seshat_real.File_read_shared = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_shared");
    missing += !p;
    *(void **)&seshat_real.File_write_shared = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iread_shared");
    missing += !p;
    *(void **)&seshat_real.File_iread_shared = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_iwrite_shared");
    missing += !p;
    *(void **)&seshat_real.File_iwrite_shared = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_ordered");
    missing += !p;
    *(void **)&seshat_real.File_read_ordered = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_ordered");
    missing += !p;
    *(void **)&seshat_real.File_write_ordered = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_seek_shared");
    missing += !p;
    *(void **)&seshat_real.File_seek_shared = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_position_shared");
    missing += !p;
    *(void **)&seshat_real.File_get_position_shared = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_at_all_begin");
    missing += !p;
    *(void **)&seshat_real.File_read_at_all_begin = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_at_all_end");
    missing += !p;
    *(void **)&seshat_real.File_read_at_all_end = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_at_all_begin");
    missing += !p;
    *(void **)&seshat_real.File_write_at_all_begin = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_at_all_end");
    missing += !p;
    *(void **)&seshat_real.File_write_at_all_end = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_all_begin");
    missing += !p;
    *(void **)&seshat_real.File_read_all_begin = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_all_end");
    missing += !p;
    *(void **)&seshat_real.File_read_all_end = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_all_begin");
    missing += !p;
    *(void **)&seshat_real.File_write_all_begin = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_all_end");
    missing += !p;
    *(void **)&seshat_real.File_write_all_end = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_ordered_begin");
    missing += !p;
    *(void **)&seshat_real.File_read_ordered_begin = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_read_ordered_end");
    missing += !p;
    *(void **)&seshat_real.File_read_ordered_end = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_ordered_begin");
    missing += !p;
    *(void **)&seshat_real.File_write_ordered_begin = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_write_ordered_end");
    missing += !p;
    *(void **)&seshat_real.File_write_ordered_end = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_type_extent");
    missing += !p;
    *(void **)&seshat_real.File_get_type_extent = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_set_atomicity");
    missing += !p;
    *(void **)&seshat_real.File_set_atomicity = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_get_atomicity");
    missing += !p;
    *(void **)&seshat_real.File_get_atomicity = p;
    p = dlsym(RTLD_NEXT, "PMPI_File_sync");
    missing += !p;
    *(void **)&seshat_real.File_sync = p;
    p = dlsym(RTLD_NEXT, "PMPI_Finalize");
    missing += !p;
    *(void **)&seshat_real.Finalize = p;
    p = dlsym(RTLD_NEXT, "PMPI_Finalized");
    missing += !p;
    *(void **)&seshat_real.Finalized = p;
    p = dlsym(RTLD_NEXT, "PMPI_Free_mem");
    missing += !p;
    *(void **)&seshat_real.Free_mem = p;
    p = dlsym(RTLD_NEXT, "PMPI_Gather");
    missing += !p;
    *(void **)&seshat_real.Gather = p;
    p = dlsym(RTLD_NEXT, "PMPI_Igather");
    missing += !p;
    *(void **)&seshat_real.Igather = p;
    p = dlsym(RTLD_NEXT, "PMPI_Gatherv");
    missing += !p;
    *(void **)&seshat_real.Gatherv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Igatherv");
    missing += !p;
    *(void **)&seshat_real.Igatherv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_address");
    missing += !p;
    *(void **)&seshat_real.Get_address = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_count");
    missing += !p;
    *(void **)&seshat_real.Get_count = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_elements");
    missing += !p;
    *(void **)&seshat_real.Get_elements = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_elements_x");
    missing += !p;
    *(void **)&seshat_real.Get_elements_x = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get");
    missing += !p;
    *(void **)&seshat_real.Get = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_accumulate");
    missing += !p;
    *(void **)&seshat_real.Get_accumulate = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_library_version");
    missing += !p;
    *(void **)&seshat_real.Get_library_version = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_processor_name");
    missing += !p;
    *(void **)&seshat_real.Get_processor_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Get_version");
    missing += !p;
    *(void **)&seshat_real.Get_version = p;
    p = dlsym(RTLD_NEXT, "PMPI_Graph_create");
    missing += !p;
    *(void **)&seshat_real.Graph_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Graph_get");
    missing += !p;
    *(void **)&seshat_real.Graph_get = p;
    p = dlsym(RTLD_NEXT, "PMPI_Graph_map");
    missing += !p;
    *(void **)&seshat_real.Graph_map = p;
    p = dlsym(RTLD_NEXT, "PMPI_Graph_neighbors_count");
    missing += !p;
    *(void **)&seshat_real.Graph_neighbors_count = p;
    p = dlsym(RTLD_NEXT, "PMPI_Graph_neighbors");
    missing += !p;
    *(void **)&seshat_real.Graph_neighbors = p;
    p = dlsym(RTLD_NEXT, "PMPI_Graphdims_get");
    missing += !p;
    *(void **)&seshat_real.Graphdims_get = p;
    p = dlsym(RTLD_NEXT, "PMPI_Grequest_complete");
    missing += !p;
    *(void **)&seshat_real.Grequest_complete = p;
    p = dlsym(RTLD_NEXT, "PMPI_Grequest_start");
    missing += !p;
    *(void **)&seshat_real.Grequest_start = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_c2f");
    missing += !p;
    *(void **)&seshat_real.Group_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_compare");
    missing += !p;
    *(void **)&seshat_real.Group_compare = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_difference");
    missing += !p;
    *(void **)&seshat_real.Group_difference = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_excl");
    missing += !p;
    *(void **)&seshat_real.Group_excl = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_f2c");
    missing += !p;
    *(void **)&seshat_real.Group_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_free");
    missing += !p;
    *(void **)&seshat_real.Group_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_incl");
    missing += !p;
    *(void **)&seshat_real.Group_incl = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_intersection");
    missing += !p;
    *(void **)&seshat_real.Group_intersection = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_range_excl");
    missing += !p;
    *(void **)&seshat_real.Group_range_excl = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_range_incl");
    missing += !p;
    *(void **)&seshat_real.Group_range_incl = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_rank");
    missing += !p;
    *(void **)&seshat_real.Group_rank = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_size");
    missing += !p;
    *(void **)&seshat_real.Group_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_translate_ranks");
    missing += !p;
    *(void **)&seshat_real.Group_translate_ranks = p;
    p = dlsym(RTLD_NEXT, "PMPI_Group_union");
    missing += !p;
    *(void **)&seshat_real.Group_union = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ibsend");
    missing += !p;
    *(void **)&seshat_real.Ibsend = p;
    p = dlsym(RTLD_NEXT, "PMPI_Improbe");
    missing += !p;
    *(void **)&seshat_real.Improbe = p;
    p = dlsym(RTLD_NEXT, "PMPI_Imrecv");
    missing += !p;
    *(void **)&seshat_real.Imrecv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_c2f");
    missing += !p;
    *(void **)&seshat_real.Info_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_create");
    missing += !p;
    *(void **)&seshat_real.Info_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_delete");
    missing += !p;
    *(void **)&seshat_real.Info_delete = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_dup");
    missing += !p;
    *(void **)&seshat_real.Info_dup = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_f2c");
    missing += !p;
    *(void **)&seshat_real.Info_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_free");
    missing += !p;
    *(void **)&seshat_real.Info_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_get");
    missing += !p;
    *(void **)&seshat_real.Info_get = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_get_nkeys");
    missing += !p;
    *(void **)&seshat_real.Info_get_nkeys = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_get_nthkey");
    missing += !p;
    *(void **)&seshat_real.Info_get_nthkey = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_get_valuelen");
    missing += !p;
    *(void **)&seshat_real.Info_get_valuelen = p;
    p = dlsym(RTLD_NEXT, "PMPI_Info_set");
    missing += !p;
    *(void **)&seshat_real.Info_set = p;
    p = dlsym(RTLD_NEXT, "PMPI_Init");
    missing += !p;
    *(void **)&seshat_real.Init = p;
    p = dlsym(RTLD_NEXT, "PMPI_Initialized");
    missing += !p;
    *(void **)&seshat_real.Initialized = p;
    p = dlsym(RTLD_NEXT, "PMPI_Init_thread");
    missing += !p;
    *(void **)&seshat_real.Init_thread = p;
    p = dlsym(RTLD_NEXT, "PMPI_Intercomm_create");
    missing += !p;
    *(void **)&seshat_real.Intercomm_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Intercomm_merge");
    missing += !p;
    *(void **)&seshat_real.Intercomm_merge = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iprobe");
    missing += !p;
    *(void **)&seshat_real.Iprobe = p;
    p = dlsym(RTLD_NEXT, "PMPI_Irecv");
    missing += !p;
    *(void **)&seshat_real.Irecv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Irsend");
    missing += !p;
    *(void **)&seshat_real.Irsend = p;
    p = dlsym(RTLD_NEXT, "PMPI_Isend");
    missing += !p;
    *(void **)&seshat_real.Isend = p;
    p = dlsym(RTLD_NEXT, "PMPI_Issend");
    missing += !p;
    *(void **)&seshat_real.Issend = p;
    p = dlsym(RTLD_NEXT, "PMPI_Is_thread_main");
    missing += !p;
    *(void **)&seshat_real.Is_thread_main = p;
    p = dlsym(RTLD_NEXT, "PMPI_Lookup_name");
    missing += !p;
    *(void **)&seshat_real.Lookup_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Message_c2f");
    missing += !p;
    *(void **)&seshat_real.Message_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Message_f2c");
    missing += !p;
    *(void **)&seshat_real.Message_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Mprobe");
    missing += !p;
    *(void **)&seshat_real.Mprobe = p;
    p = dlsym(RTLD_NEXT, "PMPI_Mrecv");
    missing += !p;
    *(void **)&seshat_real.Mrecv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Neighbor_allgather");
    missing += !p;
    *(void **)&seshat_real.Neighbor_allgather = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ineighbor_allgather");
    missing += !p;
    *(void **)&seshat_real.Ineighbor_allgather = p;
    p = dlsym(RTLD_NEXT, "PMPI_Neighbor_allgatherv");
    missing += !p;
    *(void **)&seshat_real.Neighbor_allgatherv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ineighbor_allgatherv");
    missing += !p;
    *(void **)&seshat_real.Ineighbor_allgatherv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Neighbor_alltoall");
    missing += !p;
    *(void **)&seshat_real.Neighbor_alltoall = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ineighbor_alltoall");
    missing += !p;
    *(void **)&seshat_real.Ineighbor_alltoall = p;
    p = dlsym(RTLD_NEXT, "PMPI_Neighbor_alltoallv");
    missing += !p;
    *(void **)&seshat_real.Neighbor_alltoallv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ineighbor_alltoallv");
    missing += !p;
    *(void **)&seshat_real.Ineighbor_alltoallv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Neighbor_alltoallw");
    missing += !p;
    *(void **)&seshat_real.Neighbor_alltoallw = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ineighbor_alltoallw");
    missing += !p;
    *(void **)&seshat_real.Ineighbor_alltoallw = p;
    p = dlsym(RTLD_NEXT, "PMPI_Op_c2f");
    missing += !p;
    *(void **)&seshat_real.Op_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Op_commutative");
    missing += !p;
    *(void **)&seshat_real.Op_commutative = p;
    p = dlsym(RTLD_NEXT, "PMPI_Op_create");
    missing += !p;
    *(void **)&seshat_real.Op_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Open_port");
    missing += !p;
    *(void **)&seshat_real.Open_port = p;
    p = dlsym(RTLD_NEXT, "PMPI_Op_f2c");
    missing += !p;
    *(void **)&seshat_real.Op_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Op_free");
    missing += !p;
    *(void **)&seshat_real.Op_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Pack_external");
    missing += !p;
    *(void **)&seshat_real.Pack_external = p;
    p = dlsym(RTLD_NEXT, "PMPI_Pack_external_size");
    missing += !p;
    *(void **)&seshat_real.Pack_external_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_Pack");
    missing += !p;
    *(void **)&seshat_real.Pack = p;
    p = dlsym(RTLD_NEXT, "PMPI_Pack_size");
    missing += !p;
    *(void **)&seshat_real.Pack_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_Probe");
    missing += !p;
    *(void **)&seshat_real.Probe = p;
    p = dlsym(RTLD_NEXT, "PMPI_Publish_name");
    missing += !p;
    *(void **)&seshat_real.Publish_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Put");
    missing += !p;
    *(void **)&seshat_real.Put = p;
    p = dlsym(RTLD_NEXT, "PMPI_Query_thread");
    missing += !p;
    *(void **)&seshat_real.Query_thread = p;
    p = dlsym(RTLD_NEXT, "PMPI_Raccumulate");
    missing += !p;
    *(void **)&seshat_real.Raccumulate = p;
    p = dlsym(RTLD_NEXT, "PMPI_Recv_init");
    missing += !p;
    *(void **)&seshat_real.Recv_init = p;
    p = dlsym(RTLD_NEXT, "PMPI_Recv");
    missing += !p;
    *(void **)&seshat_real.Recv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Reduce");
    missing += !p;
    *(void **)&seshat_real.Reduce = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ireduce");
    missing += !p;
    *(void **)&seshat_real.Ireduce = p;
    p = dlsym(RTLD_NEXT, "PMPI_Reduce_local");
    missing += !p;
    *(void **)&seshat_real.Reduce_local = p;
    p = dlsym(RTLD_NEXT, "PMPI_Reduce_scatter");
    missing += !p;
    *(void **)&seshat_real.Reduce_scatter = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ireduce_scatter");
    missing += !p;
    *(void **)&seshat_real.Ireduce_scatter = p;
    p = dlsym(RTLD_NEXT, "PMPI_Reduce_scatter_block");
    missing += !p;
    *(void **)&seshat_real.Reduce_scatter_block = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ireduce_scatter_block");
    missing += !p;
    *(void **)&seshat_real.Ireduce_scatter_block = p;
    p = dlsym(RTLD_NEXT, "PMPI_Register_datarep");
    missing += !p;
    *(void **)&seshat_real.Register_datarep = p;
    p = dlsym(RTLD_NEXT, "PMPI_Request_c2f");
    missing += !p;
    *(void **)&seshat_real.Request_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Request_f2c");
    missing += !p;
    *(void **)&seshat_real.Request_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Request_free");
    missing += !p;
    *(void **)&seshat_real.Request_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Request_get_status");
    missing += !p;
    *(void **)&seshat_real.Request_get_status = p;
    p = dlsym(RTLD_NEXT, "PMPI_Rget");
    missing += !p;
    *(void **)&seshat_real.Rget = p;
    p = dlsym(RTLD_NEXT, "PMPI_Rget_accumulate");
    missing += !p;
    *(void **)&seshat_real.Rget_accumulate = p;
    p = dlsym(RTLD_NEXT, "PMPI_Rput");
    missing += !p;
    *(void **)&seshat_real.Rput = p;
    p = dlsym(RTLD_NEXT, "PMPI_Rsend");
    missing += !p;
    *(void **)&seshat_real.Rsend = p;
    p = dlsym(RTLD_NEXT, "PMPI_Rsend_init");
    missing += !p;
    *(void **)&seshat_real.Rsend_init = p;
    p = dlsym(RTLD_NEXT, "PMPI_Scan");
    missing += !p;
    *(void **)&seshat_real.Scan = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iscan");
    missing += !p;
    *(void **)&seshat_real.Iscan = p;
    p = dlsym(RTLD_NEXT, "PMPI_Scatter");
    missing += !p;
    *(void **)&seshat_real.Scatter = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iscatter");
    missing += !p;
    *(void **)&seshat_real.Iscatter = p;
    p = dlsym(RTLD_NEXT, "PMPI_Scatterv");
    missing += !p;
    *(void **)&seshat_real.Scatterv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Iscatterv");
    missing += !p;
    *(void **)&seshat_real.Iscatterv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Send_init");
    missing += !p;
    *(void **)&seshat_real.Send_init = p;
    p = dlsym(RTLD_NEXT, "PMPI_Send");
    missing += !p;
    *(void **)&seshat_real.Send = p;
    p = dlsym(RTLD_NEXT, "PMPI_Sendrecv");
    missing += !p;
    *(void **)&seshat_real.Sendrecv = p;
    p = dlsym(RTLD_NEXT, "PMPI_Sendrecv_replace");
    missing += !p;
    *(void **)&seshat_real.Sendrecv_replace = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ssend_init");
    missing += !p;
    *(void **)&seshat_real.Ssend_init = p;
    p = dlsym(RTLD_NEXT, "PMPI_Ssend");
    missing += !p;
    *(void **)&seshat_real.Ssend = p;
    p = dlsym(RTLD_NEXT, "PMPI_Start");
    missing += !p;
    *(void **)&seshat_real.Start = p;
    p = dlsym(RTLD_NEXT, "PMPI_Startall");
    missing += !p;
    *(void **)&seshat_real.Startall = p;
    p = dlsym(RTLD_NEXT, "PMPI_Status_c2f");
    missing += !p;
    *(void **)&seshat_real.Status_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Status_f2c");
    missing += !p;
    *(void **)&seshat_real.Status_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Status_set_cancelled");
    missing += !p;
    *(void **)&seshat_real.Status_set_cancelled = p;
    p = dlsym(RTLD_NEXT, "PMPI_Status_set_elements");
    missing += !p;
    *(void **)&seshat_real.Status_set_elements = p;
    p = dlsym(RTLD_NEXT, "PMPI_Status_set_elements_x");
    missing += !p;
    *(void **)&seshat_real.Status_set_elements_x = p;
    p = dlsym(RTLD_NEXT, "PMPI_Testall");
    missing += !p;
    *(void **)&seshat_real.Testall = p;
    p = dlsym(RTLD_NEXT, "PMPI_Testany");
    missing += !p;
    *(void **)&seshat_real.Testany = p;
    p = dlsym(RTLD_NEXT, "PMPI_Test");
    missing += !p;
    *(void **)&seshat_real.Test = p;
    p = dlsym(RTLD_NEXT, "PMPI_Test_cancelled");
    missing += !p;
    *(void **)&seshat_real.Test_cancelled = p;
    p = dlsym(RTLD_NEXT, "PMPI_Testsome");
    missing += !p;
    *(void **)&seshat_real.Testsome = p;
    p = dlsym(RTLD_NEXT, "PMPI_Topo_test");
    missing += !p;
    *(void **)&seshat_real.Topo_test = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_c2f");
    missing += !p;
    *(void **)&seshat_real.Type_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_commit");
    missing += !p;
    *(void **)&seshat_real.Type_commit = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_contiguous");
    missing += !p;
    *(void **)&seshat_real.Type_contiguous = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_darray");
    missing += !p;
    *(void **)&seshat_real.Type_create_darray = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_f90_complex");
    missing += !p;
    *(void **)&seshat_real.Type_create_f90_complex = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_f90_integer");
    missing += !p;
    *(void **)&seshat_real.Type_create_f90_integer = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_f90_real");
    missing += !p;
    *(void **)&seshat_real.Type_create_f90_real = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_hindexed");
    missing += !p;
    *(void **)&seshat_real.Type_create_hindexed = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_hvector");
    missing += !p;
    *(void **)&seshat_real.Type_create_hvector = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_keyval");
    missing += !p;
    *(void **)&seshat_real.Type_create_keyval = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_hindexed_block");
    missing += !p;
    *(void **)&seshat_real.Type_create_hindexed_block = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_indexed_block");
    missing += !p;
    *(void **)&seshat_real.Type_create_indexed_block = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_struct");
    missing += !p;
    *(void **)&seshat_real.Type_create_struct = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_subarray");
    missing += !p;
    *(void **)&seshat_real.Type_create_subarray = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_create_resized");
    missing += !p;
    *(void **)&seshat_real.Type_create_resized = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_delete_attr");
    missing += !p;
    *(void **)&seshat_real.Type_delete_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_dup");
    missing += !p;
    *(void **)&seshat_real.Type_dup = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_free");
    missing += !p;
    *(void **)&seshat_real.Type_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_free_keyval");
    missing += !p;
    *(void **)&seshat_real.Type_free_keyval = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_f2c");
    missing += !p;
    *(void **)&seshat_real.Type_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_attr");
    missing += !p;
    *(void **)&seshat_real.Type_get_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_contents");
    missing += !p;
    *(void **)&seshat_real.Type_get_contents = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_envelope");
    missing += !p;
    *(void **)&seshat_real.Type_get_envelope = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_extent");
    missing += !p;
    *(void **)&seshat_real.Type_get_extent = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_extent_x");
    missing += !p;
    *(void **)&seshat_real.Type_get_extent_x = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_name");
    missing += !p;
    *(void **)&seshat_real.Type_get_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_true_extent");
    missing += !p;
    *(void **)&seshat_real.Type_get_true_extent = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_get_true_extent_x");
    missing += !p;
    *(void **)&seshat_real.Type_get_true_extent_x = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_indexed");
    missing += !p;
    *(void **)&seshat_real.Type_indexed = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_match_size");
    missing += !p;
    *(void **)&seshat_real.Type_match_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_set_attr");
    missing += !p;
    *(void **)&seshat_real.Type_set_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_set_name");
    missing += !p;
    *(void **)&seshat_real.Type_set_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_size");
    missing += !p;
    *(void **)&seshat_real.Type_size = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_size_x");
    missing += !p;
    *(void **)&seshat_real.Type_size_x = p;
    p = dlsym(RTLD_NEXT, "PMPI_Type_vector");
    missing += !p;
    *(void **)&seshat_real.Type_vector = p;
    p = dlsym(RTLD_NEXT, "PMPI_Unpack");
    missing += !p;
    *(void **)&seshat_real.Unpack = p;
    p = dlsym(RTLD_NEXT, "PMPI_Unpublish_name");
    missing += !p;
    *(void **)&seshat_real.Unpublish_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Unpack_external");
    missing += !p;
    *(void **)&seshat_real.Unpack_external = p;
    p = dlsym(RTLD_NEXT, "PMPI_Waitall");
    missing += !p;
    *(void **)&seshat_real.Waitall = p;
    p = dlsym(RTLD_NEXT, "PMPI_Waitany");
    missing += !p;
    *(void **)&seshat_real.Waitany = p;
    p = dlsym(RTLD_NEXT, "PMPI_Wait");
    missing += !p;
    *(void **)&seshat_real.Wait = p;
    p = dlsym(RTLD_NEXT, "PMPI_Waitsome");
    missing += !p;
    *(void **)&seshat_real.Waitsome = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_allocate");
    missing += !p;
    *(void **)&seshat_real.Win_allocate = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_allocate_shared");
    missing += !p;
    *(void **)&seshat_real.Win_allocate_shared = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_attach");
    missing += !p;
    *(void **)&seshat_real.Win_attach = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_c2f");
    missing += !p;
    *(void **)&seshat_real.Win_c2f = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_call_errhandler");
    missing += !p;
    *(void **)&seshat_real.Win_call_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_complete");
    missing += !p;
    *(void **)&seshat_real.Win_complete = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_create");
    missing += !p;
    *(void **)&seshat_real.Win_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_create_dynamic");
    missing += !p;
    *(void **)&seshat_real.Win_create_dynamic = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_create_errhandler");
    missing += !p;
    *(void **)&seshat_real.Win_create_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_create_keyval");
    missing += !p;
    *(void **)&seshat_real.Win_create_keyval = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_delete_attr");
    missing += !p;
    *(void **)&seshat_real.Win_delete_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_detach");
    missing += !p;
    *(void **)&seshat_real.Win_detach = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_f2c");
    missing += !p;
    *(void **)&seshat_real.Win_f2c = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_fence");
    missing += !p;
    *(void **)&seshat_real.Win_fence = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_flush");
    missing += !p;
    *(void **)&seshat_real.Win_flush = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_flush_all");
    missing += !p;
    *(void **)&seshat_real.Win_flush_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_flush_local");
    missing += !p;
    *(void **)&seshat_real.Win_flush_local = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_flush_local_all");
    missing += !p;
    *(void **)&seshat_real.Win_flush_local_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_free");
    missing += !p;
    *(void **)&seshat_real.Win_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_free_keyval");
    missing += !p;
    *(void **)&seshat_real.Win_free_keyval = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_get_attr");
    missing += !p;
    *(void **)&seshat_real.Win_get_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_get_errhandler");
    missing += !p;
    *(void **)&seshat_real.Win_get_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_get_group");
    missing += !p;
    *(void **)&seshat_real.Win_get_group = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_get_info");
    missing += !p;
    *(void **)&seshat_real.Win_get_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_get_name");
    missing += !p;
    *(void **)&seshat_real.Win_get_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_lock");
    missing += !p;
    *(void **)&seshat_real.Win_lock = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_lock_all");
    missing += !p;
    *(void **)&seshat_real.Win_lock_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_post");
    missing += !p;
    *(void **)&seshat_real.Win_post = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_set_attr");
    missing += !p;
    *(void **)&seshat_real.Win_set_attr = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_set_errhandler");
    missing += !p;
    *(void **)&seshat_real.Win_set_errhandler = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_set_info");
    missing += !p;
    *(void **)&seshat_real.Win_set_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_set_name");
    missing += !p;
    *(void **)&seshat_real.Win_set_name = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_shared_query");
    missing += !p;
    *(void **)&seshat_real.Win_shared_query = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_start");
    missing += !p;
    *(void **)&seshat_real.Win_start = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_sync");
    missing += !p;
    *(void **)&seshat_real.Win_sync = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_test");
    missing += !p;
    *(void **)&seshat_real.Win_test = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_unlock");
    missing += !p;
    *(void **)&seshat_real.Win_unlock = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_unlock_all");
    missing += !p;
    *(void **)&seshat_real.Win_unlock_all = p;
    p = dlsym(RTLD_NEXT, "PMPI_Win_wait");
    missing += !p;
    *(void **)&seshat_real.Win_wait = p;
    p = dlsym(RTLD_NEXT, "PMPI_Wtick");
    missing += !p;
    *(void **)&seshat_real.Wtick = p;
    p = dlsym(RTLD_NEXT, "PMPI_Wtime");
    missing += !p;
    *(void **)&seshat_real.Wtime = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_init_thread");
    missing += !p;
    *(void **)&seshat_real.T_init_thread = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_finalize");
    missing += !p;
    *(void **)&seshat_real.T_finalize = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_cvar_get_num");
    missing += !p;
    *(void **)&seshat_real.T_cvar_get_num = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_cvar_get_info");
    missing += !p;
    *(void **)&seshat_real.T_cvar_get_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_cvar_get_index");
    missing += !p;
    *(void **)&seshat_real.T_cvar_get_index = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_cvar_handle_alloc");
    missing += !p;
    *(void **)&seshat_real.T_cvar_handle_alloc = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_cvar_handle_free");
    missing += !p;
    *(void **)&seshat_real.T_cvar_handle_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_cvar_read");
    missing += !p;
    *(void **)&seshat_real.T_cvar_read = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_cvar_write");
    missing += !p;
    *(void **)&seshat_real.T_cvar_write = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_category_get_num");
    missing += !p;
    *(void **)&seshat_real.T_category_get_num = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_category_get_info");
    missing += !p;
    *(void **)&seshat_real.T_category_get_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_category_get_index");
    missing += !p;
    *(void **)&seshat_real.T_category_get_index = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_category_get_cvars");
    missing += !p;
    *(void **)&seshat_real.T_category_get_cvars = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_category_get_pvars");
    missing += !p;
    *(void **)&seshat_real.T_category_get_pvars = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_category_get_categories");
    missing += !p;
    *(void **)&seshat_real.T_category_get_categories = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_category_changed");
    missing += !p;
    *(void **)&seshat_real.T_category_changed = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_get_num");
    missing += !p;
    *(void **)&seshat_real.T_pvar_get_num = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_get_info");
    missing += !p;
    *(void **)&seshat_real.T_pvar_get_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_get_index");
    missing += !p;
    *(void **)&seshat_real.T_pvar_get_index = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_session_create");
    missing += !p;
    *(void **)&seshat_real.T_pvar_session_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_session_free");
    missing += !p;
    *(void **)&seshat_real.T_pvar_session_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_handle_alloc");
    missing += !p;
    *(void **)&seshat_real.T_pvar_handle_alloc = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_handle_free");
    missing += !p;
    *(void **)&seshat_real.T_pvar_handle_free = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_start");
    missing += !p;
    *(void **)&seshat_real.T_pvar_start = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_stop");
    missing += !p;
    *(void **)&seshat_real.T_pvar_stop = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_read");
    missing += !p;
    *(void **)&seshat_real.T_pvar_read = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_write");
    missing += !p;
    *(void **)&seshat_real.T_pvar_write = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_reset");
    missing += !p;
    *(void **)&seshat_real.T_pvar_reset = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_pvar_readreset");
    missing += !p;
    *(void **)&seshat_real.T_pvar_readreset = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_enum_get_info");
    missing += !p;
    *(void **)&seshat_real.T_enum_get_info = p;
    p = dlsym(RTLD_NEXT, "PMPI_T_enum_get_item");
    missing += !p;
    *(void **)&seshat_real.T_enum_get_item = p;
    p = dlsym(RTLD_NEXT, "PMPI_Attr_delete");
    missing += !p;
    *(void **)&seshat_real.Attr_delete = p;
    p = dlsym(RTLD_NEXT, "PMPI_Attr_get");
    missing += !p;
    *(void **)&seshat_real.Attr_get = p;
    p = dlsym(RTLD_NEXT, "PMPI_Attr_put");
    missing += !p;
    *(void **)&seshat_real.Attr_put = p;
    p = dlsym(RTLD_NEXT, "PMPI_Keyval_create");
    missing += !p;
    *(void **)&seshat_real.Keyval_create = p;
    p = dlsym(RTLD_NEXT, "PMPI_Keyval_free");
    missing += !p;
    *(void **)&seshat_real.Keyval_free = p;
    return missing;
}
