/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_TESTS_KN_WORLD_H
#define HEIN_SEARCH_TESTS_KN_WORLD_H

/* The board knowledge the solver tests search with (test_dfpn.c,
 * test_toptree.c): the ICE patterns and VC templates of share/patterns
 * (HEIN_PATTERNS), default parameters, moves ordered from the centre. */

#include <check.h>

#include "board/knowledge.h"

typedef struct kn_world {
    pattern_set_t *patterns;
    vc_templates_t *templates;
    ice_params_t ice;
    vc_params_t vc;
    kn_config_t cfg;
} kn_world_t;

/* The knowledge with fresh VC builds (param_dfpn path_builds off): every
 * expansion a function of the position, as the proof checker re-derives
 * it, so that every proof must check whole; the tests with path builds
 * (the engine's default) say so. */
static inline void
kn_world_init(kn_world_t *w)
{
    char err[512];
    w->patterns = pattern_set_load_ice(err, sizeof err);
    ck_assert_msg(w->patterns != NULL, "%s", err);
    w->templates = vc_templates_load_default(err, sizeof err);
    ck_assert_msg(w->templates != NULL, "%s", err);
    ice_params_init(&w->ice);
    vc_params_default(&w->vc);
    w->vc.path_builds = false;
    w->cfg.ice_patterns = w->patterns;
    w->cfg.ice_params = &w->ice;
    w->cfg.vc_templates = w->templates;
    w->cfg.vc_params = &w->vc;
    w->cfg.order = KN_ORDER_CENTRE;
    w->cfg.resist_params = NULL;
    w->cfg.rules_only = false;
}

/* Weak knowledge: no templates or patterns, few VC combinations, so that
 * small boards take searches of many nodes. */
static inline void
kn_world_weaken(kn_world_t *w)
{
    w->vc.use_templates = false;
    w->vc.max_ors = 2;
    w->vc.max_fulls = w->vc.max_semis = 1;
    w->ice.use_patterns = false;
    w->ice.use_decompositions = false;
}

static inline void
kn_world_free(kn_world_t *w)
{
    pattern_set_free(w->patterns);
    vc_templates_free(w->templates);
}

#endif /* HEIN_SEARCH_TESTS_KN_WORLD_H */
