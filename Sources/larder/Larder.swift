import ArgumentParser
import LarderKit

struct Larder: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "larder",
        abstract: "Import, convert and export recipes in bulk.",
        discussion: """
        Larder reads recipes from web addresses (by the thousand, politely and resumably), \
        TheMealDB's API, JSON files of many shapes (Larder's own, schema.org JSON-LD, TheMealDB \
        answers, recipe apps' exports, and any recipe-like JSON) and saved web pages, understands their ingredient lines, keeps them in a library folder, \
        and writes them out as a JSON library folder or a Markdown cookbook, scaled or \
        converted on request.

        Exit codes: 0 when nothing failed; 1 when some inputs failed (the others are still \
        processed and every input is listed in the report) or the result could not be written; \
        2 on usage errors, among them a library or output path that cannot be used as given; \
        130 when an import or merge was stopped with Ctrl-C (SIGINT) and 143 when it was \
        stopped with SIGTERM (what was done is kept; run it again to continue).
        """,
        version: LarderVersion.current,
        subcommands: [Import.self, Merge.self, Export.self, Convert.self, List.self, Show.self, Remove.self, Stats.self, Parse.self, Scrape.self, MealDB.self]
    )
}
