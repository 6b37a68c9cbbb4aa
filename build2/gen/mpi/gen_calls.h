/* GENERATED at build time by src/mpi/gen.py from mpi.h and calls.spec. Do not edit. */
#ifndef SESHAT_GEN_CALLS_H
#define SESHAT_GEN_CALLS_H
#include <mpi.h>

/* Every interposed call, for warnings, statistics and traces. */
enum seshat_call_id {
    SESHAT_CALL_Abort,
    SESHAT_CALL_Accumulate,
    SESHAT_CALL_Allgather,
    SESHAT_CALL_Allgatherv,
    SESHAT_CALL_Allreduce,
    SESHAT_CALL_Alltoall,
    SESHAT_CALL_Alltoallv,
    SESHAT_CALL_Alltoallw,
    SESHAT_CALL_Attr_delete,
    SESHAT_CALL_Attr_get,
    SESHAT_CALL_Attr_put,
    SESHAT_CALL_Barrier,
    SESHAT_CALL_Bcast,
    SESHAT_CALL_Bsend,
    SESHAT_CALL_Bsend_init,
    SESHAT_CALL_Cancel,
    SESHAT_CALL_Cart_coords,
    SESHAT_CALL_Cart_create,
    SESHAT_CALL_Cart_get,
    SESHAT_CALL_Cart_map,
    SESHAT_CALL_Cart_rank,
    SESHAT_CALL_Cart_shift,
    SESHAT_CALL_Cart_sub,
    SESHAT_CALL_Cartdim_get,
    SESHAT_CALL_Comm_call_errhandler,
    SESHAT_CALL_Comm_compare,
    SESHAT_CALL_Comm_create,
    SESHAT_CALL_Comm_create_errhandler,
    SESHAT_CALL_Comm_create_group,
    SESHAT_CALL_Comm_delete_attr,
    SESHAT_CALL_Comm_disconnect,
    SESHAT_CALL_Comm_dup,
    SESHAT_CALL_Comm_dup_with_info,
    SESHAT_CALL_Comm_free,
    SESHAT_CALL_Comm_get_attr,
    SESHAT_CALL_Comm_get_errhandler,
    SESHAT_CALL_Comm_get_info,
    SESHAT_CALL_Comm_get_name,
    SESHAT_CALL_Comm_group,
    SESHAT_CALL_Comm_idup,
    SESHAT_CALL_Comm_rank,
    SESHAT_CALL_Comm_remote_group,
    SESHAT_CALL_Comm_remote_size,
    SESHAT_CALL_Comm_set_attr,
    SESHAT_CALL_Comm_set_errhandler,
    SESHAT_CALL_Comm_set_info,
    SESHAT_CALL_Comm_set_name,
    SESHAT_CALL_Comm_size,
    SESHAT_CALL_Comm_split,
    SESHAT_CALL_Comm_split_type,
    SESHAT_CALL_Comm_test_inter,
    SESHAT_CALL_Compare_and_swap,
    SESHAT_CALL_Dist_graph_create,
    SESHAT_CALL_Dist_graph_create_adjacent,
    SESHAT_CALL_Dist_graph_neighbors,
    SESHAT_CALL_Dist_graph_neighbors_count,
    SESHAT_CALL_Exscan,
    SESHAT_CALL_Fetch_and_op,
    SESHAT_CALL_File_call_errhandler,
    SESHAT_CALL_File_close,
    SESHAT_CALL_File_create_errhandler,
    SESHAT_CALL_File_delete,
    SESHAT_CALL_File_get_amode,
    SESHAT_CALL_File_get_atomicity,
    SESHAT_CALL_File_get_byte_offset,
    SESHAT_CALL_File_get_errhandler,
    SESHAT_CALL_File_get_group,
    SESHAT_CALL_File_get_info,
    SESHAT_CALL_File_get_position,
    SESHAT_CALL_File_get_position_shared,
    SESHAT_CALL_File_get_size,
    SESHAT_CALL_File_get_type_extent,
    SESHAT_CALL_File_get_view,
    SESHAT_CALL_File_iread,
    SESHAT_CALL_File_iread_all,
    SESHAT_CALL_File_iread_at,
    SESHAT_CALL_File_iread_at_all,
    SESHAT_CALL_File_iread_shared,
    SESHAT_CALL_File_iwrite,
    SESHAT_CALL_File_iwrite_all,
    SESHAT_CALL_File_iwrite_at,
    SESHAT_CALL_File_iwrite_at_all,
    SESHAT_CALL_File_iwrite_shared,
    SESHAT_CALL_File_open,
    SESHAT_CALL_File_preallocate,
    SESHAT_CALL_File_read,
    SESHAT_CALL_File_read_all,
    SESHAT_CALL_File_read_all_begin,
    SESHAT_CALL_File_read_all_end,
    SESHAT_CALL_File_read_at,
    SESHAT_CALL_File_read_at_all,
    SESHAT_CALL_File_read_at_all_begin,
    SESHAT_CALL_File_read_at_all_end,
    SESHAT_CALL_File_read_ordered,
    SESHAT_CALL_File_read_ordered_begin,
    SESHAT_CALL_File_read_ordered_end,
    SESHAT_CALL_File_read_shared,
    SESHAT_CALL_File_seek,
    SESHAT_CALL_File_seek_shared,
    SESHAT_CALL_File_set_atomicity,
    SESHAT_CALL_File_set_errhandler,
    SESHAT_CALL_File_set_info,
    SESHAT_CALL_File_set_size,
    SESHAT_CALL_File_set_view,
    SESHAT_CALL_File_sync,
    SESHAT_CALL_File_write,
    SESHAT_CALL_File_write_all,
    SESHAT_CALL_File_write_all_begin,
    SESHAT_CALL_File_write_all_end,
    SESHAT_CALL_File_write_at,
    SESHAT_CALL_File_write_at_all,
    SESHAT_CALL_File_write_at_all_begin,
    SESHAT_CALL_File_write_at_all_end,
    SESHAT_CALL_File_write_ordered,
    SESHAT_CALL_File_write_ordered_begin,
    SESHAT_CALL_File_write_ordered_end,
    SESHAT_CALL_File_write_shared,
    SESHAT_CALL_Finalize,
    SESHAT_CALL_Gather,
    SESHAT_CALL_Gatherv,
    SESHAT_CALL_Get,
    SESHAT_CALL_Get_accumulate,
    SESHAT_CALL_Graph_create,
    SESHAT_CALL_Graph_get,
    SESHAT_CALL_Graph_map,
    SESHAT_CALL_Graph_neighbors,
    SESHAT_CALL_Graph_neighbors_count,
    SESHAT_CALL_Graphdims_get,
    SESHAT_CALL_Grequest_complete,
    SESHAT_CALL_Grequest_start,
    SESHAT_CALL_Iallgather,
    SESHAT_CALL_Iallgatherv,
    SESHAT_CALL_Iallreduce,
    SESHAT_CALL_Ialltoall,
    SESHAT_CALL_Ialltoallv,
    SESHAT_CALL_Ialltoallw,
    SESHAT_CALL_Ibarrier,
    SESHAT_CALL_Ibcast,
    SESHAT_CALL_Ibsend,
    SESHAT_CALL_Iexscan,
    SESHAT_CALL_Igather,
    SESHAT_CALL_Igatherv,
    SESHAT_CALL_Improbe,
    SESHAT_CALL_Imrecv,
    SESHAT_CALL_Ineighbor_allgather,
    SESHAT_CALL_Ineighbor_allgatherv,
    SESHAT_CALL_Ineighbor_alltoall,
    SESHAT_CALL_Ineighbor_alltoallv,
    SESHAT_CALL_Ineighbor_alltoallw,
    SESHAT_CALL_Init,
    SESHAT_CALL_Init_thread,
    SESHAT_CALL_Intercomm_create,
    SESHAT_CALL_Intercomm_merge,
    SESHAT_CALL_Iprobe,
    SESHAT_CALL_Irecv,
    SESHAT_CALL_Ireduce,
    SESHAT_CALL_Ireduce_scatter,
    SESHAT_CALL_Ireduce_scatter_block,
    SESHAT_CALL_Irsend,
    SESHAT_CALL_Iscan,
    SESHAT_CALL_Iscatter,
    SESHAT_CALL_Iscatterv,
    SESHAT_CALL_Isend,
    SESHAT_CALL_Issend,
    SESHAT_CALL_Mprobe,
    SESHAT_CALL_Mrecv,
    SESHAT_CALL_Neighbor_allgather,
    SESHAT_CALL_Neighbor_allgatherv,
    SESHAT_CALL_Neighbor_alltoall,
    SESHAT_CALL_Neighbor_alltoallv,
    SESHAT_CALL_Neighbor_alltoallw,
    SESHAT_CALL_Pack,
    SESHAT_CALL_Pack_size,
    SESHAT_CALL_Probe,
    SESHAT_CALL_Put,
    SESHAT_CALL_Raccumulate,
    SESHAT_CALL_Recv,
    SESHAT_CALL_Recv_init,
    SESHAT_CALL_Reduce,
    SESHAT_CALL_Reduce_scatter,
    SESHAT_CALL_Reduce_scatter_block,
    SESHAT_CALL_Request_free,
    SESHAT_CALL_Request_get_status,
    SESHAT_CALL_Rget,
    SESHAT_CALL_Rget_accumulate,
    SESHAT_CALL_Rput,
    SESHAT_CALL_Rsend,
    SESHAT_CALL_Rsend_init,
    SESHAT_CALL_Scan,
    SESHAT_CALL_Scatter,
    SESHAT_CALL_Scatterv,
    SESHAT_CALL_Send,
    SESHAT_CALL_Send_init,
    SESHAT_CALL_Sendrecv,
    SESHAT_CALL_Sendrecv_replace,
    SESHAT_CALL_Ssend,
    SESHAT_CALL_Ssend_init,
    SESHAT_CALL_Start,
    SESHAT_CALL_Startall,
    SESHAT_CALL_Test,
    SESHAT_CALL_Testall,
    SESHAT_CALL_Testany,
    SESHAT_CALL_Testsome,
    SESHAT_CALL_Topo_test,
    SESHAT_CALL_Unpack,
    SESHAT_CALL_Wait,
    SESHAT_CALL_Waitall,
    SESHAT_CALL_Waitany,
    SESHAT_CALL_Waitsome,
    SESHAT_CALL_Win_allocate,
    SESHAT_CALL_Win_allocate_shared,
    SESHAT_CALL_Win_attach,
    SESHAT_CALL_Win_call_errhandler,
    SESHAT_CALL_Win_complete,
    SESHAT_CALL_Win_create,
    SESHAT_CALL_Win_create_dynamic,
    SESHAT_CALL_Win_create_errhandler,
    SESHAT_CALL_Win_create_keyval,
    SESHAT_CALL_Win_delete_attr,
    SESHAT_CALL_Win_detach,
    SESHAT_CALL_Win_fence,
    SESHAT_CALL_Win_flush,
    SESHAT_CALL_Win_flush_all,
    SESHAT_CALL_Win_flush_local,
    SESHAT_CALL_Win_flush_local_all,
    SESHAT_CALL_Win_free,
    SESHAT_CALL_Win_free_keyval,
    SESHAT_CALL_Win_get_attr,
    SESHAT_CALL_Win_get_errhandler,
    SESHAT_CALL_Win_get_group,
    SESHAT_CALL_Win_get_info,
    SESHAT_CALL_Win_get_name,
    SESHAT_CALL_Win_lock,
    SESHAT_CALL_Win_lock_all,
    SESHAT_CALL_Win_post,
    SESHAT_CALL_Win_set_attr,
    SESHAT_CALL_Win_set_errhandler,
    SESHAT_CALL_Win_set_info,
    SESHAT_CALL_Win_set_name,
    SESHAT_CALL_Win_shared_query,
    SESHAT_CALL_Win_start,
    SESHAT_CALL_Win_sync,
    SESHAT_CALL_Win_test,
    SESHAT_CALL_Win_unlock,
    SESHAT_CALL_Win_unlock_all,
    SESHAT_CALL_Win_wait,
    SESHAT_CALL_Wtick,
    SESHAT_CALL_Wtime,
    SESHAT_CALL_COUNT
};

extern const char *const seshat_call_names[SESHAT_CALL_COUNT];
/* Non-zero for calls that communicate but have no model yet. */
extern const unsigned char seshat_call_unmodeled[SESHAT_CALL_COUNT];

/* The real PMPI entry points (the next definition after libseshat). */
struct seshat_real_table {
    int (*Abort)(MPI_Comm, int);
    int (*Accumulate)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win);
    int (*Add_error_class)(int *);
    int (*Add_error_code)(int, int *);
    int (*Add_error_string)(int, const char *);
    int (*Allgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
    int (*Iallgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Allgatherv)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm);
    int (*Iallgatherv)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Alloc_mem)(MPI_Aint, MPI_Info, void *);
    int (*Allreduce)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
    int (*Iallreduce)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request *);
    int (*Alltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
    int (*Ialltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Alltoallv)(const void *, const int *, const int *, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm);
    int (*Ialltoallv)(const void *, const int *, const int *, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Alltoallw)(const void *, const int *, const int *, const MPI_Datatype *, void *, const int *, const int *, const MPI_Datatype *, MPI_Comm);
    int (*Ialltoallw)(const void *, const int *, const int *, const MPI_Datatype *, void *, const int *, const int *, const MPI_Datatype *, MPI_Comm, MPI_Request *);
    int (*Dist_graph_create)(MPI_Comm, int, const int *, const int *, const int *, const int *, MPI_Info, int, MPI_Comm *);
    int (*Dist_graph_create_adjacent)(MPI_Comm, int, const int *, const int *, int, const int *, const int *, MPI_Info, int, MPI_Comm *);
    int (*Dist_graph_neighbors)(MPI_Comm, int, int *, int *, int, int *, int *);
    int (*Dist_graph_neighbors_count)(MPI_Comm, int *, int *, int *);
    int (*Barrier)(MPI_Comm);
    int (*Ibarrier)(MPI_Comm, MPI_Request *);
    int (*Bcast)(void *, int, MPI_Datatype, int, MPI_Comm);
    int (*Ibcast)(void *, int, MPI_Datatype, int, MPI_Comm, MPI_Request *);
    int (*Bsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
    int (*Bsend_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Buffer_attach)(void *, int);
    int (*Buffer_detach)(void *, int *);
    int (*Cancel)(MPI_Request *);
    int (*Cart_coords)(MPI_Comm, int, int, int *);
    int (*Cart_create)(MPI_Comm, int, const int *, const int *, int, MPI_Comm *);
    int (*Cart_get)(MPI_Comm, int, int *, int *, int *);
    int (*Cart_map)(MPI_Comm, int, const int *, const int *, int *);
    int (*Cart_rank)(MPI_Comm, const int *, int *);
    int (*Cart_shift)(MPI_Comm, int, int, int *, int *);
    int (*Cart_sub)(MPI_Comm, const int *, MPI_Comm *);
    int (*Cartdim_get)(MPI_Comm, int *);
    int (*Close_port)(const char *);
    int (*Comm_accept)(const char *, MPI_Info, int, MPI_Comm, MPI_Comm *);
    MPI_Fint (*Comm_c2f)(MPI_Comm);
    int (*Comm_call_errhandler)(MPI_Comm, int);
    int (*Comm_compare)(MPI_Comm, MPI_Comm, int *);
    int (*Comm_connect)(const char *, MPI_Info, int, MPI_Comm, MPI_Comm *);
    int (*Comm_create_errhandler)(MPI_Comm_errhandler_function *, MPI_Errhandler *);
    int (*Comm_create_keyval)(MPI_Comm_copy_attr_function *, MPI_Comm_delete_attr_function *, int *, void *);
    int (*Comm_create_group)(MPI_Comm, MPI_Group, int, MPI_Comm *);
    int (*Comm_create)(MPI_Comm, MPI_Group, MPI_Comm *);
    int (*Comm_delete_attr)(MPI_Comm, int);
    int (*Comm_disconnect)(MPI_Comm *);
    int (*Comm_dup)(MPI_Comm, MPI_Comm *);
    int (*Comm_idup)(MPI_Comm, MPI_Comm *, MPI_Request *);
    int (*Comm_dup_with_info)(MPI_Comm, MPI_Info, MPI_Comm *);
    MPI_Comm (*Comm_f2c)(MPI_Fint);
    int (*Comm_free_keyval)(int *);
    int (*Comm_free)(MPI_Comm *);
    int (*Comm_get_attr)(MPI_Comm, int, void *, int *);
    int (*Comm_get_errhandler)(MPI_Comm, MPI_Errhandler *);
    int (*Comm_get_info)(MPI_Comm, MPI_Info *);
    int (*Comm_get_name)(MPI_Comm, char *, int *);
    int (*Comm_get_parent)(MPI_Comm *);
    int (*Comm_group)(MPI_Comm, MPI_Group *);
    int (*Comm_join)(int, MPI_Comm *);
    int (*Comm_rank)(MPI_Comm, int *);
    int (*Comm_remote_group)(MPI_Comm, MPI_Group *);
    int (*Comm_remote_size)(MPI_Comm, int *);
    int (*Comm_set_attr)(MPI_Comm, int, void *);
    int (*Comm_set_errhandler)(MPI_Comm, MPI_Errhandler);
    int (*Comm_set_info)(MPI_Comm, MPI_Info);
    int (*Comm_set_name)(MPI_Comm, const char *);
    int (*Comm_size)(MPI_Comm, int *);
    int (*Comm_spawn)(const char *, char * *, int, MPI_Info, int, MPI_Comm, MPI_Comm *, int *);
    int (*Comm_spawn_multiple)(int, char * *, char ** *, const int *, const MPI_Info *, int, MPI_Comm, MPI_Comm *, int *);
    int (*Comm_split)(MPI_Comm, int, int, MPI_Comm *);
    int (*Comm_split_type)(MPI_Comm, int, int, MPI_Info, MPI_Comm *);
    int (*Comm_test_inter)(MPI_Comm, int *);
    int (*Compare_and_swap)(const void *, const void *, void *, MPI_Datatype, int, MPI_Aint, MPI_Win);
    int (*Dims_create)(int, int, int *);
    MPI_Fint (*Errhandler_c2f)(MPI_Errhandler);
    MPI_Errhandler (*Errhandler_f2c)(MPI_Fint);
    int (*Errhandler_free)(MPI_Errhandler *);
    int (*Error_class)(int, int *);
    int (*Error_string)(int, char *, int *);
    int (*Exscan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
    int (*Fetch_and_op)(const void *, void *, MPI_Datatype, int, MPI_Aint, MPI_Op, MPI_Win);
    int (*Iexscan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request *);
    MPI_Fint (*File_c2f)(MPI_File);
    MPI_File (*File_f2c)(MPI_Fint);
    int (*File_call_errhandler)(MPI_File, int);
    int (*File_create_errhandler)(MPI_File_errhandler_function *, MPI_Errhandler *);
    int (*File_set_errhandler)(MPI_File, MPI_Errhandler);
    int (*File_get_errhandler)(MPI_File, MPI_Errhandler *);
    int (*File_open)(MPI_Comm, const char *, int, MPI_Info, MPI_File *);
    int (*File_close)(MPI_File *);
    int (*File_delete)(const char *, MPI_Info);
    int (*File_set_size)(MPI_File, MPI_Offset);
    int (*File_preallocate)(MPI_File, MPI_Offset);
    int (*File_get_size)(MPI_File, MPI_Offset *);
    int (*File_get_group)(MPI_File, MPI_Group *);
    int (*File_get_amode)(MPI_File, int *);
    int (*File_set_info)(MPI_File, MPI_Info);
    int (*File_get_info)(MPI_File, MPI_Info *);
    int (*File_set_view)(MPI_File, MPI_Offset, MPI_Datatype, MPI_Datatype, const char *, MPI_Info);
    int (*File_get_view)(MPI_File, MPI_Offset *, MPI_Datatype *, MPI_Datatype *, char *);
    int (*File_read_at)(MPI_File, MPI_Offset, void *, int, MPI_Datatype, MPI_Status *);
    int (*File_read_at_all)(MPI_File, MPI_Offset, void *, int, MPI_Datatype, MPI_Status *);
    int (*File_write_at)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype, MPI_Status *);
    int (*File_write_at_all)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype, MPI_Status *);
    int (*File_iread_at)(MPI_File, MPI_Offset, void *, int, MPI_Datatype, MPI_Request *);
    int (*File_iwrite_at)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype, MPI_Request *);
    int (*File_iread_at_all)(MPI_File, MPI_Offset, void *, int, MPI_Datatype, MPI_Request *);
    int (*File_iwrite_at_all)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype, MPI_Request *);
    int (*File_read)(MPI_File, void *, int, MPI_Datatype, MPI_Status *);
    int (*File_read_all)(MPI_File, void *, int, MPI_Datatype, MPI_Status *);
    int (*File_write)(MPI_File, const void *, int, MPI_Datatype, MPI_Status *);
    int (*File_write_all)(MPI_File, const void *, int, MPI_Datatype, MPI_Status *);
    int (*File_iread)(MPI_File, void *, int, MPI_Datatype, MPI_Request *);
    int (*File_iwrite)(MPI_File, const void *, int, MPI_Datatype, MPI_Request *);
    int (*File_iread_all)(MPI_File, void *, int, MPI_Datatype, MPI_Request *);
    int (*File_iwrite_all)(MPI_File, const void *, int, MPI_Datatype, MPI_Request *);
    int (*File_seek)(MPI_File, MPI_Offset, int);
    int (*File_get_position)(MPI_File, MPI_Offset *);
    int (*File_get_byte_offset)(MPI_File, MPI_Offset, MPI_Offset *);
    int (*File_read_shared)(MPI_File, void *, int, MPI_Datatype, MPI_Status *);
    int (*File_write_shared)(MPI_File, const void *, int, MPI_Datatype, MPI_Status *);
    int (*File_iread_shared)(MPI_File, void *, int, MPI_Datatype, MPI_Request *);
    int (*File_iwrite_shared)(MPI_File, const void *, int, MPI_Datatype, MPI_Request *);
    int (*File_read_ordered)(MPI_File, void *, int, MPI_Datatype, MPI_Status *);
    int (*File_write_ordered)(MPI_File, const void *, int, MPI_Datatype, MPI_Status *);
    int (*File_seek_shared)(MPI_File, MPI_Offset, int);
    int (*File_get_position_shared)(MPI_File, MPI_Offset *);
    int (*File_read_at_all_begin)(MPI_File, MPI_Offset, void *, int, MPI_Datatype);
    int (*File_read_at_all_end)(MPI_File, void *, MPI_Status *);
    int (*File_write_at_all_begin)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype);
    int (*File_write_at_all_end)(MPI_File, const void *, MPI_Status *);
    int (*File_read_all_begin)(MPI_File, void *, int, MPI_Datatype);
    int (*File_read_all_end)(MPI_File, void *, MPI_Status *);
    int (*File_write_all_begin)(MPI_File, const void *, int, MPI_Datatype);
    int (*File_write_all_end)(MPI_File, const void *, MPI_Status *);
    int (*File_read_ordered_begin)(MPI_File, void *, int, MPI_Datatype);
    int (*File_read_ordered_end)(MPI_File, void *, MPI_Status *);
    int (*File_write_ordered_begin)(MPI_File, const void *, int, MPI_Datatype);
    int (*File_write_ordered_end)(MPI_File, const void *, MPI_Status *);
    int (*File_get_type_extent)(MPI_File, MPI_Datatype, MPI_Aint *);
    int (*File_set_atomicity)(MPI_File, int);
    int (*File_get_atomicity)(MPI_File, int *);
    int (*File_sync)(MPI_File);
    int (*Finalize)(void);
    int (*Finalized)(int *);
    int (*Free_mem)(void *);
    int (*Gather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
    int (*Igather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm, MPI_Request *);
    int (*Gatherv)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, int, MPI_Comm);
    int (*Igatherv)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, int, MPI_Comm, MPI_Request *);
    int (*Get_address)(const void *, MPI_Aint *);
    int (*Get_count)(const MPI_Status *, MPI_Datatype, int *);
    int (*Get_elements)(const MPI_Status *, MPI_Datatype, int *);
    int (*Get_elements_x)(const MPI_Status *, MPI_Datatype, MPI_Count *);
    int (*Get)(void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win);
    int (*Get_accumulate)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win);
    int (*Get_library_version)(char *, int *);
    int (*Get_processor_name)(char *, int *);
    int (*Get_version)(int *, int *);
    int (*Graph_create)(MPI_Comm, int, const int *, const int *, int, MPI_Comm *);
    int (*Graph_get)(MPI_Comm, int, int, int *, int *);
    int (*Graph_map)(MPI_Comm, int, const int *, const int *, int *);
    int (*Graph_neighbors_count)(MPI_Comm, int, int *);
    int (*Graph_neighbors)(MPI_Comm, int, int, int *);
    int (*Graphdims_get)(MPI_Comm, int *, int *);
    int (*Grequest_complete)(MPI_Request);
    int (*Grequest_start)(MPI_Grequest_query_function *, MPI_Grequest_free_function *, MPI_Grequest_cancel_function *, void *, MPI_Request *);
    MPI_Fint (*Group_c2f)(MPI_Group);
    int (*Group_compare)(MPI_Group, MPI_Group, int *);
    int (*Group_difference)(MPI_Group, MPI_Group, MPI_Group *);
    int (*Group_excl)(MPI_Group, int, const int *, MPI_Group *);
    MPI_Group (*Group_f2c)(MPI_Fint);
    int (*Group_free)(MPI_Group *);
    int (*Group_incl)(MPI_Group, int, const int *, MPI_Group *);
    int (*Group_intersection)(MPI_Group, MPI_Group, MPI_Group *);
    int (*Group_range_excl)(MPI_Group, int, int *, MPI_Group *);
    int (*Group_range_incl)(MPI_Group, int, int *, MPI_Group *);
    int (*Group_rank)(MPI_Group, int *);
    int (*Group_size)(MPI_Group, int *);
    int (*Group_translate_ranks)(MPI_Group, int, const int *, MPI_Group, int *);
    int (*Group_union)(MPI_Group, MPI_Group, MPI_Group *);
    int (*Ibsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Improbe)(int, int, MPI_Comm, int *, MPI_Message *, MPI_Status *);
    int (*Imrecv)(void *, int, MPI_Datatype, MPI_Message *, MPI_Request *);
    MPI_Fint (*Info_c2f)(MPI_Info);
    int (*Info_create)(MPI_Info *);
    int (*Info_delete)(MPI_Info, const char *);
    int (*Info_dup)(MPI_Info, MPI_Info *);
    MPI_Info (*Info_f2c)(MPI_Fint);
    int (*Info_free)(MPI_Info *);
    int (*Info_get)(MPI_Info, const char *, int, char *, int *);
    int (*Info_get_nkeys)(MPI_Info, int *);
    int (*Info_get_nthkey)(MPI_Info, int, char *);
    int (*Info_get_valuelen)(MPI_Info, const char *, int *, int *);
    int (*Info_set)(MPI_Info, const char *, const char *);
    int (*Init)(int *, char ***);
    int (*Initialized)(int *);
    int (*Init_thread)(int *, char ***, int, int *);
    int (*Intercomm_create)(MPI_Comm, int, MPI_Comm, int, int, MPI_Comm *);
    int (*Intercomm_merge)(MPI_Comm, int, MPI_Comm *);
    int (*Iprobe)(int, int, MPI_Comm, int *, MPI_Status *);
    int (*Irecv)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Irsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Isend)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Issend)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Is_thread_main)(int *);
    int (*Lookup_name)(const char *, MPI_Info, char *);
    MPI_Fint (*Message_c2f)(MPI_Message);
    MPI_Message (*Message_f2c)(MPI_Fint);
    int (*Mprobe)(int, int, MPI_Comm, MPI_Message *, MPI_Status *);
    int (*Mrecv)(void *, int, MPI_Datatype, MPI_Message *, MPI_Status *);
    int (*Neighbor_allgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
    int (*Ineighbor_allgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Neighbor_allgatherv)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm);
    int (*Ineighbor_allgatherv)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Neighbor_alltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
    int (*Ineighbor_alltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Neighbor_alltoallv)(const void *, const int *, const int *, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm);
    int (*Ineighbor_alltoallv)(const void *, const int *, const int *, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm, MPI_Request *);
    int (*Neighbor_alltoallw)(const void *, const int *, const MPI_Aint *, const MPI_Datatype *, void *, const int *, const MPI_Aint *, const MPI_Datatype *, MPI_Comm);
    int (*Ineighbor_alltoallw)(const void *, const int *, const MPI_Aint *, const MPI_Datatype *, void *, const int *, const MPI_Aint *, const MPI_Datatype *, MPI_Comm, MPI_Request *);
    MPI_Fint (*Op_c2f)(MPI_Op);
    int (*Op_commutative)(MPI_Op, int *);
    int (*Op_create)(MPI_User_function *, int, MPI_Op *);
    int (*Open_port)(MPI_Info, char *);
    MPI_Op (*Op_f2c)(MPI_Fint);
    int (*Op_free)(MPI_Op *);
    int (*Pack_external)(const char *, const void *, int, MPI_Datatype, void *, MPI_Aint, MPI_Aint *);
    int (*Pack_external_size)(const char *, int, MPI_Datatype, MPI_Aint *);
    int (*Pack)(const void *, int, MPI_Datatype, void *, int, int *, MPI_Comm);
    int (*Pack_size)(int, MPI_Datatype, MPI_Comm, int *);
    int (*Probe)(int, int, MPI_Comm, MPI_Status *);
    int (*Publish_name)(const char *, MPI_Info, const char *);
    int (*Put)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win);
    int (*Query_thread)(int *);
    int (*Raccumulate)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win, MPI_Request *);
    int (*Recv_init)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Recv)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Status *);
    int (*Reduce)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm);
    int (*Ireduce)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm, MPI_Request *);
    int (*Reduce_local)(const void *, void *, int, MPI_Datatype, MPI_Op);
    int (*Reduce_scatter)(const void *, void *, const int *, MPI_Datatype, MPI_Op, MPI_Comm);
    int (*Ireduce_scatter)(const void *, void *, const int *, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request *);
    int (*Reduce_scatter_block)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
    int (*Ireduce_scatter_block)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request *);
    int (*Register_datarep)(const char *, MPI_Datarep_conversion_function *, MPI_Datarep_conversion_function *, MPI_Datarep_extent_function *, void *);
    MPI_Fint (*Request_c2f)(MPI_Request);
    MPI_Request (*Request_f2c)(MPI_Fint);
    int (*Request_free)(MPI_Request *);
    int (*Request_get_status)(MPI_Request, int *, MPI_Status *);
    int (*Rget)(void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win, MPI_Request *);
    int (*Rget_accumulate)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win, MPI_Request *);
    int (*Rput)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win, MPI_Request *);
    int (*Rsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
    int (*Rsend_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Scan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
    int (*Iscan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request *);
    int (*Scatter)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
    int (*Iscatter)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm, MPI_Request *);
    int (*Scatterv)(const void *, const int *, const int *, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);
    int (*Iscatterv)(const void *, const int *, const int *, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm, MPI_Request *);
    int (*Send_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Send)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
    int (*Sendrecv)(const void *, int, MPI_Datatype, int, int, void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Status *);
    int (*Sendrecv_replace)(void *, int, MPI_Datatype, int, int, int, int, MPI_Comm, MPI_Status *);
    int (*Ssend_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *);
    int (*Ssend)(const void *, int, MPI_Datatype, int, int, MPI_Comm);
    int (*Start)(MPI_Request *);
    int (*Startall)(int, MPI_Request *);
    int (*Status_c2f)(const MPI_Status *, MPI_Fint *);
    int (*Status_f2c)(const MPI_Fint *, MPI_Status *);
    int (*Status_set_cancelled)(MPI_Status *, int);
    int (*Status_set_elements)(MPI_Status *, MPI_Datatype, int);
    int (*Status_set_elements_x)(MPI_Status *, MPI_Datatype, MPI_Count);
    int (*Testall)(int, MPI_Request *, int *, MPI_Status *);
    int (*Testany)(int, MPI_Request *, int *, int *, MPI_Status *);
    int (*Test)(MPI_Request *, int *, MPI_Status *);
    int (*Test_cancelled)(const MPI_Status *, int *);
    int (*Testsome)(int, MPI_Request *, int *, int *, MPI_Status *);
    int (*Topo_test)(MPI_Comm, int *);
    MPI_Fint (*Type_c2f)(MPI_Datatype);
    int (*Type_commit)(MPI_Datatype *);
    int (*Type_contiguous)(int, MPI_Datatype, MPI_Datatype *);
    int (*Type_create_darray)(int, int, int, const int *, const int *, const int *, const int *, int, MPI_Datatype, MPI_Datatype *);
    int (*Type_create_f90_complex)(int, int, MPI_Datatype *);
    int (*Type_create_f90_integer)(int, MPI_Datatype *);
    int (*Type_create_f90_real)(int, int, MPI_Datatype *);
    int (*Type_create_hindexed)(int, const int *, const MPI_Aint *, MPI_Datatype, MPI_Datatype *);
    int (*Type_create_hvector)(int, int, MPI_Aint, MPI_Datatype, MPI_Datatype *);
    int (*Type_create_keyval)(MPI_Type_copy_attr_function *, MPI_Type_delete_attr_function *, int *, void *);
    int (*Type_create_hindexed_block)(int, int, const MPI_Aint *, MPI_Datatype, MPI_Datatype *);
    int (*Type_create_indexed_block)(int, int, const int *, MPI_Datatype, MPI_Datatype *);
    int (*Type_create_struct)(int, const int *, const MPI_Aint *, const MPI_Datatype *, MPI_Datatype *);
    int (*Type_create_subarray)(int, const int *, const int *, const int *, int, MPI_Datatype, MPI_Datatype *);
    int (*Type_create_resized)(MPI_Datatype, MPI_Aint, MPI_Aint, MPI_Datatype *);
    int (*Type_delete_attr)(MPI_Datatype, int);
    int (*Type_dup)(MPI_Datatype, MPI_Datatype *);
    int (*Type_free)(MPI_Datatype *);
    int (*Type_free_keyval)(int *);
    MPI_Datatype (*Type_f2c)(MPI_Fint);
    int (*Type_get_attr)(MPI_Datatype, int, void *, int *);
    int (*Type_get_contents)(MPI_Datatype, int, int, int, int *, MPI_Aint *, MPI_Datatype *);
    int (*Type_get_envelope)(MPI_Datatype, int *, int *, int *, int *);
    int (*Type_get_extent)(MPI_Datatype, MPI_Aint *, MPI_Aint *);
    int (*Type_get_extent_x)(MPI_Datatype, MPI_Count *, MPI_Count *);
    int (*Type_get_name)(MPI_Datatype, char *, int *);
    int (*Type_get_true_extent)(MPI_Datatype, MPI_Aint *, MPI_Aint *);
    int (*Type_get_true_extent_x)(MPI_Datatype, MPI_Count *, MPI_Count *);
    int (*Type_indexed)(int, const int *, const int *, MPI_Datatype, MPI_Datatype *);
    int (*Type_match_size)(int, int, MPI_Datatype *);
    int (*Type_set_attr)(MPI_Datatype, int, void *);
    int (*Type_set_name)(MPI_Datatype, const char *);
    int (*Type_size)(MPI_Datatype, int *);
    int (*Type_size_x)(MPI_Datatype, MPI_Count *);
    int (*Type_vector)(int, int, int, MPI_Datatype, MPI_Datatype *);
    int (*Unpack)(const void *, int, int *, void *, int, MPI_Datatype, MPI_Comm);
    int (*Unpublish_name)(const char *, MPI_Info, const char *);
    int (*Unpack_external)(const char *, const void *, MPI_Aint, MPI_Aint *, void *, int, MPI_Datatype);
    int (*Waitall)(int, MPI_Request *, MPI_Status *);
    int (*Waitany)(int, MPI_Request *, int *, MPI_Status *);
    int (*Wait)(MPI_Request *, MPI_Status *);
    int (*Waitsome)(int, MPI_Request *, int *, int *, MPI_Status *);
    int (*Win_allocate)(MPI_Aint, int, MPI_Info, MPI_Comm, void *, MPI_Win *);
    int (*Win_allocate_shared)(MPI_Aint, int, MPI_Info, MPI_Comm, void *, MPI_Win *);
    int (*Win_attach)(MPI_Win, void *, MPI_Aint);
    MPI_Fint (*Win_c2f)(MPI_Win);
    int (*Win_call_errhandler)(MPI_Win, int);
    int (*Win_complete)(MPI_Win);
    int (*Win_create)(void *, MPI_Aint, int, MPI_Info, MPI_Comm, MPI_Win *);
    int (*Win_create_dynamic)(MPI_Info, MPI_Comm, MPI_Win *);
    int (*Win_create_errhandler)(MPI_Win_errhandler_function *, MPI_Errhandler *);
    int (*Win_create_keyval)(MPI_Win_copy_attr_function *, MPI_Win_delete_attr_function *, int *, void *);
    int (*Win_delete_attr)(MPI_Win, int);
    int (*Win_detach)(MPI_Win, const void *);
    MPI_Win (*Win_f2c)(MPI_Fint);
    int (*Win_fence)(int, MPI_Win);
    int (*Win_flush)(int, MPI_Win);
    int (*Win_flush_all)(MPI_Win);
    int (*Win_flush_local)(int, MPI_Win);
    int (*Win_flush_local_all)(MPI_Win);
    int (*Win_free)(MPI_Win *);
    int (*Win_free_keyval)(int *);
    int (*Win_get_attr)(MPI_Win, int, void *, int *);
    int (*Win_get_errhandler)(MPI_Win, MPI_Errhandler *);
    int (*Win_get_group)(MPI_Win, MPI_Group *);
    int (*Win_get_info)(MPI_Win, MPI_Info *);
    int (*Win_get_name)(MPI_Win, char *, int *);
    int (*Win_lock)(int, int, int, MPI_Win);
    int (*Win_lock_all)(int, MPI_Win);
    int (*Win_post)(MPI_Group, int, MPI_Win);
    int (*Win_set_attr)(MPI_Win, int, void *);
    int (*Win_set_errhandler)(MPI_Win, MPI_Errhandler);
    int (*Win_set_info)(MPI_Win, MPI_Info);
    int (*Win_set_name)(MPI_Win, const char *);
    int (*Win_shared_query)(MPI_Win, int, MPI_Aint *, int *, void *);
    int (*Win_start)(MPI_Group, int, MPI_Win);
    int (*Win_sync)(MPI_Win);
    int (*Win_test)(MPI_Win, int *);
    int (*Win_unlock)(int, MPI_Win);
    int (*Win_unlock_all)(MPI_Win);
    int (*Win_wait)(MPI_Win);
    double (*Wtick)(void);
    double (*Wtime)(void);
    int (*T_init_thread)(int, int *);
    int (*T_finalize)(void);
    int (*T_cvar_get_num)(int *);
    int (*T_cvar_get_info)(int, char *, int *, int *, MPI_Datatype *, MPI_T_enum *, char *, int *, int *, int *);
    int (*T_cvar_get_index)(const char *, int *);
    int (*T_cvar_handle_alloc)(int, void *, MPI_T_cvar_handle *, int *);
    int (*T_cvar_handle_free)(MPI_T_cvar_handle *);
    int (*T_cvar_read)(MPI_T_cvar_handle, void *);
    int (*T_cvar_write)(MPI_T_cvar_handle, const void *);
    int (*T_category_get_num)(int *);
    int (*T_category_get_info)(int, char *, int *, char *, int *, int *, int *, int *);
    int (*T_category_get_index)(const char *, int *);
    int (*T_category_get_cvars)(int, int, int *);
    int (*T_category_get_pvars)(int, int, int *);
    int (*T_category_get_categories)(int, int, int *);
    int (*T_category_changed)(int *);
    int (*T_pvar_get_num)(int *);
    int (*T_pvar_get_info)(int, char *, int *, int *, int *, MPI_Datatype *, MPI_T_enum *, char *, int *, int *, int *, int *, int *);
    int (*T_pvar_get_index)(const char *, int, int *);
    int (*T_pvar_session_create)(MPI_T_pvar_session *);
    int (*T_pvar_session_free)(MPI_T_pvar_session *);
    int (*T_pvar_handle_alloc)(MPI_T_pvar_session, int, void *, MPI_T_pvar_handle *, int *);
    int (*T_pvar_handle_free)(MPI_T_pvar_session, MPI_T_pvar_handle *);
    int (*T_pvar_start)(MPI_T_pvar_session, MPI_T_pvar_handle);
    int (*T_pvar_stop)(MPI_T_pvar_session, MPI_T_pvar_handle);
    int (*T_pvar_read)(MPI_T_pvar_session, MPI_T_pvar_handle, void *);
    int (*T_pvar_write)(MPI_T_pvar_session, MPI_T_pvar_handle, const void *);
    int (*T_pvar_reset)(MPI_T_pvar_session, MPI_T_pvar_handle);
    int (*T_pvar_readreset)(MPI_T_pvar_session, MPI_T_pvar_handle, void *);
    int (*T_enum_get_info)(MPI_T_enum, int *, char *, int *);
    int (*T_enum_get_item)(MPI_T_enum, int, int *, char *, int *);
    int (*Attr_delete)(MPI_Comm, int);
    int (*Attr_get)(MPI_Comm, int, void *, int *);
    int (*Attr_put)(MPI_Comm, int, void *);
    int (*Keyval_create)(MPI_Copy_function *, MPI_Delete_function *, int *, void *);
    int (*Keyval_free)(int *);
};
extern struct seshat_real_table seshat_real;

/* Resolve the table; returns the number of calls not found. */
int seshat_real_resolve(void);

#endif
