/* The narrow C interface between Isomorph and SentencePiece.
 *
 * libsentencepiece embeds its own protobuf-lite 3.14 and exports its symbols, which clash with the
 * protobuf 3.21 that LibTorch links (see docs/architecture.md, "SentencePiece isolation"). So only
 * the shim library (libisomorph_spm.so, built from spm_shim.cpp) links SentencePiece; the engine
 * loads it with dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND) and calls these functions only.
 *
 * Conventions: functions that can fail return 0 on success and nonzero on failure, and then set
 * *error to a message allocated by the shim (free it with ispm_free). Buffers returned through out
 * parameters are also allocated by the shim and freed with ispm_free. Strings are UTF-8 and come
 * with explicit lengths (they may contain any byte but NUL in the case of pieces).
 */
#ifndef ISOMORPH_SPM_C_API_H
#define ISOMORPH_SPM_C_API_H

#include <stddef.h>
#include <stdint.h>

#if defined(ISPM_BUILDING_SHIM)
#define ISPM_API __attribute__((visibility("default")))
#else
#define ISPM_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Bump when any signature below changes; the loader refuses a shim with another version. */
#define ISPM_ABI_VERSION 1

typedef struct IspmModel IspmModel;

/* Supplies training sentences one at a time. Returns 1 and sets *text and *len (valid until the
 * next call) while there are sentences, 0 at the end, -1 on error (training then fails). */
typedef int (*IspmNextSentence)(void* user, const char** text, size_t* len);

ISPM_API int ispm_abi_version(void);
/* Version of the SentencePiece library the shim was built against, e.g. "0.1.97". */
ISPM_API const char* ispm_library_version(void);
ISPM_API void ispm_free(void* p);
/* Global settings: minimum log level (0 info, 1 warning, 2 error) and the random seed used by
 * training and sampling. */
ISPM_API void ispm_set_min_log_level(int level);
ISPM_API void ispm_set_random_seed(unsigned int seed);

/* Trains a model. keys/values are spm_train's flags without dashes (n of them). When next is not
 * NULL, sentences come from it instead of the "input" flag. When serialized is not NULL the model
 * is returned there (and no model_prefix is needed). */
ISPM_API int ispm_train(const char* const* keys, const char* const* values, size_t n,
                        IspmNextSentence next, void* user, char** serialized,
                        size_t* serialized_len, char** error);

ISPM_API IspmModel* ispm_load_file(const char* path, char** error);
ISPM_API IspmModel* ispm_load_serialized(const char* data, size_t len, char** error);
ISPM_API void ispm_model_free(IspmModel* model);
ISPM_API int ispm_serialize(const IspmModel* model, char** data, size_t* len);

ISPM_API int ispm_encode_ids(const IspmModel* model, const char* text, size_t len, int32_t** ids,
                             size_t* n, char** error);
/* Pieces are returned back to back, each followed by a NUL byte; *n is their count. */
ISPM_API int ispm_encode_pieces(const IspmModel* model, const char* text, size_t len, char** pieces,
                                size_t* bytes, size_t* n, char** error);
ISPM_API int ispm_decode_ids(const IspmModel* model, const int32_t* ids, size_t n, char** text,
                             size_t* len, char** error);

ISPM_API int32_t ispm_vocab_size(const IspmModel* model);
/* The piece of an id, valid while the model lives; NULL when the id is out of range. */
ISPM_API const char* ispm_id_to_piece(const IspmModel* model, int32_t id, size_t* len);
/* -1 when the piece is not in the vocabulary (SentencePiece itself maps it to unk). */
ISPM_API int32_t ispm_piece_to_id(const IspmModel* model, const char* piece, size_t len);
ISPM_API float ispm_score(const IspmModel* model, int32_t id);
/* Kind of an id: 0 normal (incl. user-defined), 1 unknown, 2 control, 3 unused, 4 byte; -1 out of
 * range. */
ISPM_API int ispm_piece_kind(const IspmModel* model, int32_t id);
/* Special ids, -1 when the model does not define them. which: 0 unk, 1 bos, 2 eos, 3 pad. */
ISPM_API int32_t ispm_special_id(const IspmModel* model, int which);

#ifdef __cplusplus
}
#endif

#endif
