/*
 * <gp/input.h>: input formats (gp-plugin(3)): whole profile files of
 * other profilers (perf script's text, callgrind.out) read into the
 * stream by gmon-cat(1) and gp(1), which take such a file wherever they
 * take a gmon.out file.
 *
 * match() gets the file's first n bytes (at most GP_INPUT_HEAD, fewer if
 * the file is shorter) and says how surely they begin a file of its
 * format: 0 not at all, up to 100 for a magic string; the host picks
 * the plugin with the highest answer, or the one named by gmon-cat -f
 * NAME[,KEY=VALUE...], whose options option() and optnum() give.
 * read() gets the whole file, len bytes at buf (path: its name as given,
 * "-" for the standard input), and emits the file's stream records with
 * the host's emit(), in gp-stream(5)'s order: the raw layer's records (a
 * "profile" record first), then the runtime layer's.  The host writes
 * the header and escapes the fields.  Errors name the line (error(ctx,
 * "line %lu: ...")); the host prefixes the file.  read() returns 0, or
 * -1 after an error().  Memory it takes must stay in proportion to len.
 */
#ifndef GP_INPUT_H
#define GP_INPUT_H

#include <gp/abi.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GP_INPUT_HEAD	4096

struct gp_inputfmt {
	uint32_t	 size;		/* sizeof(struct gp_inputfmt) */
	const char	*what;		/* the files it reads, for listings */
	const struct gp_option *options;	/* ends with a NULL key */
	int	(*match)(const unsigned char *head, size_t n);
	int	(*read)(struct gp_ctx *, const char *path,
		    const unsigned char *buf, size_t len);
};

/* The services of input formats (gp_host.input). */
struct gp_input_host {
	uint32_t	 size;
	/*
	 * In read(): write one stream record, of kind `kind' (a word of
	 * lower-case letters, digits and '-') and nf fields, unescaped.
	 */
	void	(*emit)(struct gp_ctx *, const char *kind, int nf,
		    const char *const *fields);
};

#ifdef __cplusplus
}
#endif

#endif /* GP_INPUT_H */
