"""Our games in other frameworks: PettingZoo (``wintergames.rl.pettingzoo``), Gymnasium
(``wintergames.rl.gymnasium``) and OpenSpiel (``wintergames.rl.openspiel``). Each game
reaches them through its ``GameSpec`` alone: codec, observation encoding, rules."""
