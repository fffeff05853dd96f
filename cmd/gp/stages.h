/*
 * The stages compiled into gp (Makefile): each one's main, renamed.
 */
#ifndef GP_STAGES_H
#define GP_STAGES_H

int	gp_main_gmon_cat(int, char *[]);
int	gp_main_gp_sym(int, char *[]);
int	gp_main_gp_hist(int, char *[]);
int	gp_main_gp_arcs(int, char *[]);
int	gp_main_gp_fmt(int, char *[]);

#endif
