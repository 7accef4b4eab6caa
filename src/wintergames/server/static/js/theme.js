// The colour theme (issue 21), set before the first paint: a classic script in each page's
// <head> (not a module, which would run after the page is drawn and flash the other theme).
// The person's choice ("light", "dark" or "system") is kept in localStorage like the other
// settings; "system" follows the browser's prefers-color-scheme, also when it changes.
// ⚙ Settings (js/watch.js) changes it through window.wgTheme.
(function () {
  var KEY = "wg.theme";
  var CHOICES = ["system", "light", "dark"];
  var query = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function stored() {
    try {
      var value = localStorage.getItem(KEY);
      return CHOICES.indexOf(value) >= 0 ? value : "system";
    } catch (e) {
      return "system";  // storage refused (a private window): follow the system
    }
  }

  function resolve(choice) {
    if (choice === "light" || choice === "dark") return choice;
    return query && query.matches ? "dark" : "light";
  }

  function apply(choice) {
    document.documentElement.dataset.theme = resolve(choice);
    document.documentElement.dataset.themeChoice = choice;
  }

  function choose(choice) {
    if (CHOICES.indexOf(choice) < 0) return;
    try {
      localStorage.setItem(KEY, choice);
    } catch (e) {
      // not kept across visits, but in force on this page
    }
    apply(choice);
  }

  apply(stored());
  if (query && query.addEventListener) {
    query.addEventListener("change", function () {
      if (document.documentElement.dataset.themeChoice === "system") apply("system");
    });
  }
  window.wgTheme = { choices: CHOICES, choice: function () {
    return document.documentElement.dataset.themeChoice;
  }, choose: choose };
})();
