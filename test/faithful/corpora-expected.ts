// What the corpora test (./corpora.test.ts) expects of each set in ../shared/corpora/, built with
// broken links set to warn. Every entry is explained; none is a fault of helpgen's but those the
// comments name as such.
export interface CorpusExpectations {
  /**
   * Every link of the built site that does not resolve, as the crawl names it ('page -> href
   * (why)', one per place it is written): the links the corpora README lists as really broken in
   * the source, and, where said, links to what the corpus left out or what only a component of
   * the home generator makes.
   */
  deadLinks: string[];
  /** Text blocks of the plain CommonMark + GFM rendering that helpgen's main column does not show, by page. */
  textDifferences: Record<string, string[]>;
  /**
   * Syntax of another generator that helpgen shows as written in a page's text (outside code),
   * by page: each a construct of issue 33's items 7-11, which the dialects work renders or
   * removes, shrinking these lists (update them when it lands: the test fails on a page that no
   * longer shows one, as it should).
   */
  shownRaw: Record<string, string[]>;
}

export const CORPORA: Record<string, CorpusExpectations> = {
  electron: {
    // README: 16 links to files outside docs/ (6 of them .md), no broken anchors.
    deadLinks: [
      '/support/api/shared-texture/ -> /shell/common/api/shared_texture/README.md (no such file)',
      '/support/api/web-contents/ -> /shell/browser/osr/README.md (no such file)',
      '/support/development/build-instructions-gn/ -> /BUILD.gn (no such file)',
      '/support/development/build-instructions-gn/ -> /DEPS (no such file)',
      '/support/development/build-instructions-gn/ -> /DEPS (no such file)',
      '/support/development/creating-api/ -> /filenames.gni (no such file)',
      '/support/development/creating-api/ -> /lib/browser/api/native-theme.ts (no such file)',
      '/support/development/creating-api/ -> /shell/common/node_bindings.cc (no such file)',
      '/support/development/creating-api/ -> /typings/internal-ambient.d.ts (no such file)',
      '/support/development/pull-requests/ -> /.github/CODEOWNERS (no such file)',
      '/support/development/pull-requests/ -> /.github/PULL_REQUEST_TEMPLATE.md (no such file)',
      '/support/development/source-code-directory-structure/ -> /DEPS (no such file)',
      '/support/tutorial/fuses/ -> /build/fuses/fuses.json5 (no such file)',
      '/support/tutorial/offscreen-rendering/ -> /shell/common/api/shared_texture/README.md (no such file)',
      '/support/tutorial/security/ -> /SECURITY.md (no such file)',
      '/support/tutorial/support/ -> /README.md (no such file)',
    ],
    textDifferences: {
      // A backslash escape in a bare web address: cmark-gfm (GitHub) and helpgen show 'x.*.y.com';
      // micromark, the plain rendering, keeps the backslash (issue 33 item 6).
      'api/structures/proxy-config.md': ["Examples: \"foobar.com\", \"*foobar.com\", \"*.foobar.com\", \"*foobar.com:99\", \"https://x.\\*.y.com:99\""],
    },
    shownRaw: {},
  },
  'rust-book': {
    // README: 31 .html links to other rustup books (33 places: two are written twice on their
    // page); its 2 broken anchors are in link definitions no link uses, so no page has them.
    deadLinks: [
      '/support/appendix-01-keywords/ -> /reference/items/unions.html (no such file)',
      '/support/appendix-03-derivable-traits/ -> /std/index.html (no such file)',
      '/support/ch02-00-guessing-game-tutorial/ -> /std/io/struct.Stdin.html (no such file)',
      '/support/ch02-00-guessing-game-tutorial/ -> /std/io/struct.Stdin.html#method.read_line (no such file)',
      '/support/ch02-00-guessing-game-tutorial/ -> /std/prelude/index.html (no such file)',
      '/support/ch02-00-guessing-game-tutorial/ -> /std/primitive.str.html#method.parse (no such file)',
      '/support/ch02-00-guessing-game-tutorial/ -> /std/result/enum.Result.html (no such file)',
      '/support/ch02-00-guessing-game-tutorial/ -> /std/result/enum.Result.html#method.expect (no such file)',
      '/support/ch02-00-guessing-game-tutorial/ -> /std/string/struct.String.html (no such file)',
      '/support/ch03-01-variables-and-mutability/ -> /reference/const_eval.html (no such file)',
      '/support/ch05-02-example-structs/ -> /reference/attributes.html (no such file)',
      '/support/ch05-02-example-structs/ -> /std/macro.dbg.html (no such file)',
      '/support/ch05-02-example-structs/ -> /std/macro.println.html (no such file)',
      '/support/ch06-01-defining-an-enum/ -> /std/net/enum.IpAddr.html (no such file)',
      '/support/ch06-01-defining-an-enum/ -> /std/option/enum.Option.html (no such file)',
      '/support/ch06-01-defining-an-enum/ -> /std/option/enum.Option.html (no such file)',
      '/support/ch07-04-bringing-paths-into-scope-with-the-use-keyword/ -> /std/prelude/index.html#other-preludes (no such file)',
      '/support/ch08-00-common-collections/ -> /std/collections/index.html (no such file)',
      '/support/ch08-01-vectors/ -> /nomicon/vec/vec.html (no such file)',
      '/support/ch08-01-vectors/ -> /std/vec/struct.Vec.html (no such file)',
      '/support/ch09-02-recoverable-errors-with-result/ -> /std/process/trait.Termination.html (no such file)',
      '/support/ch10-03-lifetime-syntax/ -> /reference/trait-bounds.html (no such file)',
      '/support/ch11-01-writing-tests/ -> /unstable-book/library-features/test.html (no such file)',
      '/support/ch13-01-closures/ -> /std/option/enum.Option.html#method.unwrap_or_else (no such file)',
      '/support/ch15-06-reference-cycles/ -> /nomicon/index.html (no such file)',
      '/support/ch16-03-shared-state/ -> /std/sync/atomic/index.html (no such file)',
      '/support/ch16-03-shared-state/ -> /std/sync/atomic/index.html (no such file)',
      '/support/ch16-04-extensible-concurrency-sync-and-send/ -> /nomicon/index.html (no such file)',
      '/support/ch20-01-unsafe-rust/ -> /reference/items/external-blocks.html#abi (no such file)',
      '/support/ch20-01-unsafe-rust/ -> /reference/items/unions.html (no such file)',
      '/support/ch20-05-macros/ -> /reference/macros-by-example.html (no such file)',
      '/support/ch21-02-multithreaded/ -> /std/thread/struct.Builder.html (no such file)',
      '/support/ch21-02-multithreaded/ -> /std/thread/struct.Builder.html#method.spawn (no such file)',
    ],
    textDifferences: {},
    // The {{#include}} and {{#rustdoc_include}} directives all sit in fences (their listings/ are not
    // in the corpus), where the code check sees them as written.
    shownRaw: {},
  },
  'vue-docs': {
    deadLinks: [
      // README: the one really broken anchor (#definecomponent is on api/general.md).
      "/support/api/custom-elements/ -> #definecomponent (no id \"definecomponent\" in /support/api/custom-elements/)",
      // The corpus leaves Vue's images out (they are not under the text's licence).
      '/support/guide/best-practices/accessibility/ -> /support/guide/best-practices/images/AccessibleARIAdescribedby.png (no such file)',
      '/support/guide/best-practices/accessibility/ -> /support/guide/best-practices/images/AccessibleARIAlabelDevTools.png (no such file)',
      '/support/guide/best-practices/accessibility/ -> /support/guide/best-practices/images/AccessibleARIAlabelledbyDevTools.png (no such file)',
      '/support/guide/best-practices/accessibility/ -> /support/guide/best-practices/images/AccessibleLabelChromeDevTools.png (no such file)',
      '/support/guide/best-practices/accessibility/ -> /support/guide/best-practices/images/AccessiblePlaceholder.png (no such file)',
      '/support/guide/built-ins/transition/ -> /support/guide/built-ins/images/transition-classes.png (no such file)',
      '/support/guide/components/provide-inject/ -> /support/guide/components/images/prop-drilling.png (no such file)',
      '/support/guide/components/provide-inject/ -> /support/guide/components/images/provide-inject.png (no such file)',
      '/support/guide/components/slots/ -> /support/guide/components/images/named-slots.png (no such file)',
      '/support/guide/components/slots/ -> /support/guide/components/images/scoped-slots.svg (no such file)',
      '/support/guide/components/slots/ -> /support/guide/components/images/slots.png (no such file)',
      '/support/guide/essentials/component-basics/ -> /support/guide/essentials/images/components.png (no such file)',
      '/support/guide/essentials/lifecycle/ -> /support/guide/essentials/images/lifecycle.png (no such file)',
      '/support/guide/essentials/template-syntax/ -> /support/guide/essentials/images/directive.png (no such file)',
      '/support/guide/extras/composition-api-faq/ -> /support/guide/extras/images/composition-api-after.png (no such file)',
      '/support/guide/extras/composition-api-faq/ -> /support/guide/extras/images/options-api.png (no such file)',
      '/support/guide/extras/rendering-mechanism/ -> /support/guide/extras/images/render-pipeline.png (no such file)',
      '/support/guide/scaling-up/state-management/ -> /support/guide/scaling-up/images/state-flow.png (no such file)',
      '/support/guide/scaling-up/testing/ -> /support/images/lambdatest.svg (no such file)',
      '/support/guide/scaling-up/tooling/ -> /support/guide/scaling-up/images/devtools.png (no such file)',
      // Ids that Vue components make on VitePress (<ExampleRepl> on examples/, <ApiIndex> on api/):
      // no markdown renderer can have them; helpgen drops the components with a warning.
      "/support/guide/built-ins/teleport/ -> /support/examples/#modal (no id \"modal\" in /support/examples/)",
      "/support/guide/built-ins/transition-group/ -> /support/examples/#list-transition (no id \"list-transition\" in /support/examples/)",
      "/support/guide/essentials/watchers/ -> /support/examples/#fetching-data (no id \"fetching-data\" in /support/examples/)",
      "/support/guide/reusability/composables/ -> /support/api/#composition-api (no id \"composition-api\" in /support/api/)",
    ].sort(),
    textDifferences: {},
    shownRaw: {
      // {{ expression }} in prose, which VitePress evaluates with Vue: helpgen shows it as written and warns (item 10).
      'about/releases.md': ['Vue/VitePress {{ expression }}'],
      'guide/essentials/forms.md': ['Vue/VitePress {{ expression }}'],
      'guide/essentials/list.md': ['Vue/VitePress {{ expression }}'],
      'guide/essentials/template-syntax.md': ['Vue/VitePress {{ expression }}'],
      'guide/introduction.md': ['Vue/VitePress {{ expression }}'],
      'guide/reusability/composables.md': ['Vue/VitePress {{ expression }}'],
    },
  },
  homebrew: {
    // README: 102 root-absolute links to pages the Jekyll site gets from elsewhere (101 /rubydoc/…, 1 /docs/Prose-Style-Guidelines.md).
    deadLinks: [
      '/support/ -> /support/rubydoc/index.html (no such file)',
      '/support/Autobump/ -> /support/rubydoc/top-level-namespace.html#NO_AUTOBUMP_REASONS_LIST-constant (no such file)',
      '/support/Brew-Livecheck/ -> /support/rubydoc/Homebrew/Livecheck/Strategy.html (no such file)',
      '/support/Brew-Livecheck/ -> /support/rubydoc/Livecheck.html (no such file)',
      '/support/Cask-Cookbook/ -> /support/rubydoc/Cask/Artifact.html (no such file)',
      '/support/Cask-Cookbook/ -> /support/rubydoc/Cask/Cask.html (no such file)',
      '/support/Cask-Cookbook/ -> /support/rubydoc/DeprecateDisable.html (no such file)',
      '/support/Cask-Cookbook/ -> /support/rubydoc/MacOSVersion.html (no such file)',
      '/support/Cask-Cookbook/ -> /support/rubydoc/top-level-namespace.html#NO_AUTOBUMP_REASONS_LIST-constant (no such file)',
      '/support/Checksum-Requirements/ -> /support/rubydoc/Formula.html#sha256-class_method (no such file)',
      '/support/Deprecating-Disabling-and-Removing/ -> /support/rubydoc/DeprecateDisable.html (no such file)',
      '/support/Deprecating-Disabling-and-Removing/ -> /support/rubydoc/index.html (no such file)',
      '/support/External-Commands/ -> /support/rubydoc/Homebrew/CLI/Parser.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#change_dylib_id-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#compatibility_version-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#conflicts_with-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#conflicts_with-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#depends_on-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#deprecated_option-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#desc-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#desc-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#fails_with-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#fails_with-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#fails_with-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#head-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#head-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#head-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#homepage-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#homepage-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#homepage-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#homepage-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#keg_only-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#keg_only-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#libexec-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#license-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#license-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#option-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#option-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#option-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#option-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#option-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#option-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#patch-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#patch-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#patch-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#patch-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#patch-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#post_install_steps-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#resource-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#resource-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#revision-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#revision-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#revision-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#revision-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#revision-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#revision-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#sha256-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#sha256-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#stable-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#test-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#test-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#test-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#testpath-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#testpath-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#url-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#url-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#url-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#url-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#url-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#uses_from_macos-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#version-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#version-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#version-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#version-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Formula.html#version_scheme-class_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Homebrew/Assertions.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Livecheck.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html#cd-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html#env_script_all_files-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html#install_symlink-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html#write_env_script-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html#write_exec_script-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Pathname.html#write_jar_script-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Requirement.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Requirement.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Requirement.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/SharedEnvExtension.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/StringInreplaceExtension.html#change_make_var!-instance_method (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Superenv.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Utils/Inreplace.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Utils/Inreplace.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/Utils/Inreplace.html (no such file)',
      '/support/Formula-Cookbook/ -> /support/rubydoc/top-level-namespace.html#NO_AUTOBUMP_REASONS_LIST-constant (no such file)',
      '/support/Language-Specific-Formulae/ -> /support/rubydoc/Formula.html#resource-class_method (no such file)',
      '/support/vale-styles/Homebrew/ -> /support/docs/Prose-Style-Guidelines.md (no such file)',
    ],
    // Jekyll's constructs, rendered as Jekyll renders them (docs/markdown.md, "Coming from another
    // generator"): {:toc} becomes the page's table of contents where plain CommonMark shows the
    // list item's text, and the {% raw %} markers go while the text between them stays as written.
    textDifferences: {
      "Acceptable-Casks.md": [
        "Table of Contents {:toc}",
      ],
      "Acceptable-Formulae.md": [
        "Table of Contents {:toc}",
      ],
      "Cask-Cookbook.md": [
        "Table of Contents {:toc}",
        "{% raw %}",
        "{% endraw %}",
      ],
      "Common-Issues.md": [
        "Table of Contents {:toc}",
      ],
      "FAQ.md": [
        "Table of Contents {:toc}",
      ],
      "Formula-Cookbook.md": [
        "Table of Contents {:toc}",
        "{% raw %}",
        "Content, replacements, command arguments and command environments may use a fixed set of {{...}} tokens: {{HOMEBREW_BREW_FILE}}, {{HOMEBREW_CELLAR}}, {{HOMEBREW_PREFIX}}, {{formula_name}}, {{name}}, {{user}}, {{prefix}}, {{opt_prefix}}, {{bin}}, {{sbin}}, {{lib}}, {{libexec}}, {{share}}, {{pkgshare}}, {{rack}}, {{var}}, {{etc}}, {{pkgetc}}, {{version}}, {{version.major}} and {{version.major_minor}}. {{name}} is retained for compatibility; prefer {{formula_name}}. Completion directory tokens are also available. Any other {{...}} is left verbatim, so literal braces are never rewritten. For example: write_file \"foo.conf\", \"prefix = {{HOMEBREW_PREFIX}}\\n\", base: :etc. {% endraw %}",
      ],
      "Homebrew-Security-and-Supply-Chain.md": [
        "Table of Contents {:toc}",
      ],
      "Package-Acceptance-Policy.md": [
        "Table of Contents {:toc}",
      ],
    },
    shownRaw: {
      // Liquid tags helpgen does not run, reported once a page; {{ }} in prose, reported.
      "Homebrew-Governance-Archives.md": ["Liquid {% … %}", "Vue/VitePress {{ expression }}"],
    },
  },
};
