/*
 * Many Lua states on many threads in one process, as skynet runs them: each
 * state loads the module, plays Zhaotong games and asks mahjong, and each
 * must get what one state alone gets. The module keeps no state outside
 * the Lua state (lua/lqipai.h), so the threads cannot disturb each other.
 *
 * Usage: states MODULE_DIR   (the directory holding qipai.so)
 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 8, STATES_PER_THREAD = 3, RESULT = 4096 };

/* Plays games and asks questions; returns a text that depends on every
 * answer. */
static const char script[] =
    "local qipai = require 'qipai'\n"
    "local out = {}\n"
    "for seed = 1, 3 do\n"
    "  local g = qipai.zhaotong.game { seed = seed * 7919, dealer = seed % 4 }\n"
    "  local events = 0\n"
    "  while not g:over() do\n"
    "    local seat = g:to_act()[1]\n"
    "    events = events + #assert(g:step(assert(g:bot(seat, seed % 2 == 0 and 'seed' or 'strong'))))\n"
    "  end\n"
    "  out[#out + 1] = events .. ':' .. table.concat(g:scores(), ',')\n"
    "end\n"
    "local r = qipai.mahjong.rules { preset = 'laizi', wild = '7z' }\n"
    "local waits, wins = 0, 0\n"
    "for i = 0, 26 * 20 - 1 do\n"
    "  local k = i % 27\n"
    "  local hand = { k, k, 27, 27, 27, 0, 1, 2, 9, 10, 11, 33, (i * 7) % 34 }\n"
    "  local w = r:waits(hand)\n"
    "  if w then waits = waits + #w.waits end\n"
    "  hand[#hand + 1] = (i * 13) % 34\n"
    "  if r:win(hand) then wins = wins + 1 end\n"
    "end\n"
    "out[#out + 1] = waits .. '/' .. wins\n"
    "return table.concat(out, ' ')\n";

typedef struct job {
    const char *cpath;
    char result[STATES_PER_THREAD][RESULT];
} job;

static void run_state(const char *cpath, char out[RESULT])
{
    lua_State *L = luaL_newstate();
    if (!L) {
        snprintf(out, RESULT, "no state");
        return;
    }
    luaL_openlibs(L);
    lua_getglobal(L, "package");
    lua_pushstring(L, cpath);
    lua_setfield(L, -2, "cpath");
    lua_pop(L, 1);
    if (luaL_dostring(L, script) != LUA_OK)
        snprintf(out, RESULT, "error: %s", lua_tostring(L, -1));
    else
        snprintf(out, RESULT, "%s", lua_tostring(L, -1));
    lua_close(L);
}

static void *thread_main(void *arg)
{
    job *j = arg;
    for (int s = 0; s < STATES_PER_THREAD; s++)
        run_state(j->cpath, j->result[s]);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: states MODULE_DIR\n");
        return 2;
    }
    static char cpath[1024];
    static char expected[RESULT];
    static job jobs[THREADS];
    snprintf(cpath, sizeof cpath, "%s/?.so", argv[1]);
    run_state(cpath, expected);
    if (!strncmp(expected, "error", 5)) {
        fprintf(stderr, "FAIL one state: %s\n", expected);
        return 1;
    }
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) {
        jobs[t].cpath = cpath;
        if (pthread_create(&threads[t], NULL, thread_main, &jobs[t]) != 0) {
            fprintf(stderr, "FAIL pthread_create\n");
            return 1;
        }
    }
    int failures = 0, compared = 0;
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        for (int s = 0; s < STATES_PER_THREAD; s++, compared++)
            if (strcmp(jobs[t].result[s], expected)) {
                fprintf(stderr, "FAIL thread %d state %d: %s\n  expected %s\n", t, s,
                        jobs[t].result[s], expected);
                failures++;
            }
    }
    printf("   %d Lua states on %d threads at once, each as one state alone: %s\n", compared,
           THREADS, failures ? "FAILED" : "same answers");
    return failures || compared != THREADS * STATES_PER_THREAD;
}
