// The project's colours, as data (issue 21). One place to read them from: the views import
// PALETTE, and tests/server/test_palette.py reads this file as JSON (the object below is
// strict JSON: double quotes, no comments, no trailing commas) to check contrast (WCAG 2.1
// AA) and colour-vision deficiencies. The theme colours are repeated as CSS custom
// properties in theme.css (CSS cannot import JS); the test checks that the two agree.
//
// themes.<light|dark>: the page's colours. "table" is the board's surface: boards keep a
// light table in both themes, so a game's component colours are drawn on one background.
// games.<game>.components: colours a player must tell apart, by kind; seats: seat colours.
// ink: the colours a game's view draws its board and cards with (text among them: checked
// at AA); sprite: colours only a game's sprite draws with (Winterborne's gold, wood, ...;
// Winter Queen's Queen token and book covers; ICECOOL's exam seal). Every colour a sprite
// writes is one of its game's or the themes' (tests/server/test_icons.py).
export const PALETTE = {
  "themes": {
    "light": {
      "ink": "#1d2733", "muted": "#55606c", "page": "#f4f9fd", "page-end": "#e3eef7",
      "panel": "#ffffff", "line": "#cfdbe6", "accent": "#1f6fd1", "accent-ink": "#ffffff",
      "link": "#1a5fb4", "good": "#22783a", "bad": "#b83224", "bad-ink": "#ffffff",
      "header": "#17324d", "header-ink": "#ffffff", "header-muted": "#b8c7d6",
      "header-link": "#bfe0ff", "badge": "#2b4e72",
      "button": "#f7fbff", "button-hover": "#e2f0ff", "button-line": "#9bb3c9",
      "highlight": "#fff4cc", "chosen": "#ffe9b3", "done": "#e3f6e8", "mine": "#eaf3fa",
      "code": "#eef3f8", "target": "#ff9800", "last": "#c62828", "last-bg": "#fff6f5",
      "tip": "#17324d", "tip-ink": "#ffffff", "tip-title": "#bfe0ff", "tip-note": "#ffe9b3",
      "table": "#ffffff", "shade": "#00000033"
    },
    "dark": {
      "ink": "#e4ebf2", "muted": "#a3b1bf", "page": "#0f1821", "page-end": "#16222e",
      "panel": "#1b2834", "line": "#36495b", "accent": "#6aa8ff", "accent-ink": "#0b1520",
      "link": "#8cbcff", "good": "#6fd08a", "bad": "#ff8a7a", "bad-ink": "#1b0a08",
      "header": "#0a1520", "header-ink": "#f0f5fa", "header-muted": "#a9bccd",
      "header-link": "#a8d2ff", "badge": "#23405d",
      "button": "#243444", "button-hover": "#2e4358", "button-line": "#50687f",
      "highlight": "#4a3d0f", "chosen": "#5c4610", "done": "#1e4a2b", "mine": "#22384d",
      "code": "#23303d", "target": "#ffab40", "last": "#ff6e6e", "last-bg": "#3b1f22",
      "tip": "#0a1520", "tip-ink": "#f0f5fa", "tip-title": "#a8d2ff", "tip-note": "#ffe9b3",
      "table": "#e4eaf0", "shade": "#00000099"
    }
  },
  "site": {
    "seats": ["#d9534f", "#3b6fd8", "#2e9d4a", "#e8a21c", "#8e44ad"]
  },
  "games": {
    "winter-queen": {
      "components": {
        "floe": {"blue": "#3b7dd8", "green": "#3aa655", "yellow": "#f0c419",
                 "purple": "#8e5cc2", "red": "#d64541"},
        "zone": {"red": "#f3c9c5", "green": "#cfe9cf", "purple": "#e0cdef",
                 "blue": "#c9dbf4", "royal": "#f3e7b3"}
      },
      "seats": ["#1c1f24", "#662211", "#2a3f9a", "#80868e"],
      "ink": {
        "floe-line": "#2b2f36", "floe-glyph": "#ffffff", "floe-glyph-dark": "#3d2f00",
        "cell-line": "#7d8b99", "province-line": "#3d4a57", "cell-label": "#46515c",
        "royal": "#6b4f00", "depicted": "#9a7209", "stack": "#ffffff", "book": "#fbf7ec",
        "book-line": "#a08c5b", "book-back": "#2f4f7a", "last": "#c62828", "last-ink": "#ffffff",
        "seat-line": "#55606c"
      },
      "sprite": {
        "queen": "#dcecfb", "book-back-line": "#1c3150", "book-back-gold": "#e2c56b",
        "book-icon-line": "#6b5a2e"
      }
    },
    "snow-time": {
      "components": {
        "pawn": {"red": "#de2b3b", "blue": "#3b6fd8", "green": "#3e711f",
                 "yellow": "#e8b51c", "purple": "#8e5cc2"},
        "fruit": {"fill": "#e8730c", "stroke": "#5f3100", "leaf": "#618e69"},
        "bonus": {"fight": "#333333", "mana": "#662fa4"},
        "tree": {"trunk": "#8b5a2b", "branch": "#a0703c"}
      },
      "seats": "pawn",
      "ink": {
        "card": "#fffdf6", "card-line": "#55606c", "card-back": "#26416a",
        "card-back-line": "#c9dbf4", "label": "#46515c", "space": "#f4f8fb",
        "space-line": "#9bb3c9", "finish": "#d7f0d7", "bonus-space": "#fff4cc",
        "die-line": "#333333", "played-line": "#222222", "card-ink": "#ffffff",
        "card-ink-yellow": "#3d2f00"
      }
    },
    "icecool-wizards": {
      "components": {
        "penguin": {"green": "#2e9d4a", "pink": "#e05fa8", "blue": "#2a55c8",
                    "yellow": "#e8c21c"}
      },
      "seats": "penguin",
      "ink": {
        "floor": "#e8f1f8", "floor-tile": "#cddceb", "room-line": "#8d9cab", "room-label": "#4a5662",
        "wall": "#2b3440", "white-line": "#ffffff", "doorway": "#f6e9b8", "doorway-line": "#8a6d1a",
        "start": "#55606c", "penguin-line": "#1d2733", "beak": "#f08a24", "mine": "#d84315",
        "card": "#fbf7ec", "card-line": "#8a6d1a", "card-ink": "#3b2f0e",
        "lesson-back": "#2f4f7a", "lesson-back-ink": "#cfe0f5",
        "exam-back": "#5a2f6e", "exam-back-ink": "#ead7f2", "exam-space": "#5a2f6e",
        "spell": "#1f3a68", "spell-ink": "#ffffff", "points": "#5a2f6e", "points-ink": "#ffffff",
        "path": "#b0182a", "aim": "#d84315"
      },
      "sprite": {
        "seal": "#d64541"
      }
    },
    "winterborne": {
      "components": {
        "province": {"green": "#4f9a4a", "yellow": "#e4c234", "blue": "#3f7fc9",
                     "purple": "#8a56b8", "red": "#c9483c", "black": "#3a3a3a"},
        "board": {"castle": "#d8cfbf", "unconquered": "#f7f7f2", "space": "#8d9096"},
        "meeple": {"white": "#ffffff"}
      },
      "seats": ["#1f2f6e", "#662211", "#a8e6c0", "#cdb8ec"],
      "ink": {
        "hex-line": "#55606c", "label": "#1d2733", "label-bg": "#ffffff",
        "card": "#fbf7ec", "card-line": "#8a6d1a", "card-ink": "#3b2f0e", "card-muted": "#6b5a2e",
        "card-back": "#2f4f7a", "card-back-ink": "#cfe0f5", "ally-back": "#5a2f6e",
        "ally-back-ink": "#ead7f2", "balaur": "#5a2a2a", "balaur-bg": "#fbf3f3", "target": "#ff9800"
      },
      "sprite": {
        "gold": "#f0c040", "gold-dark": "#b8860b", "gold-line": "#8a6410", "meat": "#b5533a",
        "meat-light": "#f1a88f", "steel": "#c9ced6", "wood": "#8b5a2b", "leather": "#a0703c",
        "favor": "#6a3fb5", "wall": "#f6efe0", "roof": "#9a3b2a", "church-line": "#5a6b80",
        "castle-stone": "#b9ad98", "sun-glyph": "#3d2f00", "spoils-tile": "#e9dcc0",
        "banner": "#7a2a3a", "parchment": "#f4ead6", "bread": "#c9a36a", "grain": "#e0b040",
        "wylds-card": "#eef6e8", "wylds-line": "#2f6b3a", "power-card": "#f3ecff",
        "blossom": "#f29cc4", "spring-line": "#2f7d32", "summer-line": "#e8a21c",
        "autumn-leaf": "#d9772b", "autumn-line": "#8b3a12", "balaur-scales": "#4a6b3a"
      }
    },
    "ice": {
      "components": {
        "type": {"harmony": "#528760", "exalted": "#f2c61b", "achievement": "#288add",
                 "philosophical": "#7c44b6", "obliteration": "#e8254c",
                 "prismatic": "#d7dde4"},
        "piece": {"archaeologist": "#b0a58c", "white-camp": "#ffffff"},
        "layer": {"1": "#3f6f96", "2": "#7fa9cb"},
        "edge": {"1": "#5b5f66", "2": "#8a8f96"},
        "snow": {"clear": "#f7fbfe", "tunnel": "#e3edf6", "rift": "#eef4fa",
                 "nunatak": "#c9d3dc", "encampment": "#fff1cf"}
      },
      "seats": ["#1c1f24", "#ec699f", "#8b582b", "#24bfb6", "#bf9d30"],
      "ink": {
        "district-a": "#15304a", "district-b": "#1b3a56", "district-c": "#214466",
        "district-line": "#e8f2fb", "district-label": "#bcd6ec",
        "label-1": "#ffffff", "label-2": "#10202e", "tile-line": "#22384d",
        "snow-line": "#9db4c8", "snow-label": "#27425c", "snow-glyph": "#4f6a82",
        "rift": "#c0392b", "shadow": "#0b1a2a59", "piece-line": "#1d2733",
        "count-bg": "#ffffff",
        "slot-fill": "#ffffff1f", "slot-label": "#7a4300",
        "card": "#fbf7ec", "card-line": "#a08c5b", "card-ink": "#3b2f0e",
        "snow-card": "#f3f8fc", "snow-card-line": "#9bb3c9",
        "study": "#fff3c4", "study-line": "#d9b440",
        "ep-on": "#e8a21c", "ep-line": "#b57a00", "ep-off-line": "#7a8a99",
        "down-a": "#6b7580", "down-b": "#9aa3ad", "rp": "#6b4f00",
        "gold": "#f0c040", "crown": "#3d2f00", "canvas": "#f6e9b8",
        "request-back": "#2f4f7a", "request-back-line": "#c9dbf4",
        "curse": "#ead7f2", "curse-line": "#5a2f6e", "curse-dark": "#3b1f5c"
      }
    }
  }
};
