"""qipai: the rules of Chinese card and tile games, exactly and fast.

The Python binding of the qipai C library. Every answer comes from the
library (the same code and JSON as the ``qipai`` command line); the loops
that must be fast (numpy batches, the environments' bots) run in C.

Modules:
    qipai.mahjong   mahjong with wildcards: win, waits, shanten, effective
                    tiles, discards, decompositions; numpy batches
    qipai.gb        Guobiao (国标) fans, waits, shanten
    qipai.poker     poker minimum plays (最少手数), classify, moves
    qipai.zipai     zipai / paohuzi (字牌/跑胡子): decompositions, hu, waits
    qipai.zhaotong  Zhaotong mahjong: the game engine, bots, logs, analysis,
                    and environments for learning agents (AECEnv,
                    SingleAgentEnv)
    qipai.table     every game with a table: Game, VectorEnv (n games a C
                    call), AECEnv, SingleAgentEnv

Bad input raises qipai.Error (a ValueError) carrying the library's message
and error name (code); an argument of the wrong type raises TypeError.
"""

from ._core import ERROR_NAMES, Error, query, version
from . import gb, mahjong, poker, table, zhaotong, zipai

__version__ = version()

__all__ = ["Error", "ERROR_NAMES", "query", "version", "mahjong", "gb", "poker", "zipai",
           "zhaotong", "table",
           "__version__"]
