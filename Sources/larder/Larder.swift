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
        processed and every input is listed in the report), the result could not be written, or \
        an export or convert had no recipe to write (every input failed, or the filters matched \
        none: nothing is written and an earlier output stays as it was); 2 on usage errors, among \
        them a library, output path or --template that cannot be used as given, and a library \
        another larder run is writing (nothing is done: run it again when that run has finished); 130 when a run was \
        stopped with Ctrl-C (SIGINT) and 143 when it was stopped with SIGTERM (an import or merge \
        keeps what was done, and running it again continues; an export or convert writes nothing \
        and leaves an earlier output as it was).
        """,
        version: LarderVersion.current,
        subcommands: [Import.self, Merge.self, Export.self, Convert.self, Plan.self, List.self, Show.self, Remove.self, Stats.self, Parse.self, Scrape.self, MealDB.self]
    )
}
