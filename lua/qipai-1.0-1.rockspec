-- The Lua module for LuaRocks users: built with the builtin backend against
-- the installed C library (`make install` first; LuaRocks finds it through
-- QIPAI_DIR, QIPAI_INCDIR and QIPAI_LIBDIR, /usr/local by default). From the
-- source tree:
--
--   luarocks --lua-version 5.4 make lua/qipai-1.0-1.rockspec QIPAI_DIR=/usr/local
--
-- The module also needs the library's small JSON reader, which is not part
-- of the installed API: its two files are compiled in from the source tree.
-- (`make lua` builds the same module without LuaRocks, linking the static
-- library: docs/BINDINGS.md.)
rockspec_format = "3.0"
package = "qipai"
version = "1.0-1"
source = {
   -- Set when the project is published; `luarocks make` builds the source
   -- tree it runs in and does not fetch this.
   url = "git+https://example.invalid/qipai.git",
   tag = "v1.0.0",
}
description = {
   summary = "The rules of Chinese card and tile games (mahjong with wildcards, Zhaotong, Guobiao, zipai, poker)",
   detailed = [[
Lua 5.4 binding of the qipai C library: win checks, waits, shanten, effective tiles and discard
advice with any number of wildcards; Guobiao fans; zipai and poker minimum plays; and the Zhaotong
game engine for servers. Answers are Lua tables shaped like the qipai command line's JSON.
No global state: safe with any number of Lua states in one process (skynet).
]],
   license = "MIT",
}
dependencies = {
   "lua >= 5.4, < 5.5",
}
external_dependencies = {
   QIPAI = {
      header = "qipai/query.h",
      library = "qipai",
   },
}
build = {
   type = "builtin",
   modules = {
      qipai = {
         sources = {
            "lua/lqipai.c", "lua/ljson.c", "lua/lmahjong.c", "lua/lgames.c", "lua/lzhaotong.c",
            "src/common/json_read.c", "src/common/json_write.c",
         },
         incdirs = { "$(QIPAI_INCDIR)", "src", "lua" },
         libdirs = { "$(QIPAI_LIBDIR)" },
         libraries = { "qipai", "m" },
      },
   },
}
