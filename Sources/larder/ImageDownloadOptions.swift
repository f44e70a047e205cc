import ArgumentParser
import Foundation
import LarderKit

/// `--images` for export and convert: the pictures a recipe has only as web addresses are
/// downloaded for this output, through the same polite fetcher (and HTTP cache) as
/// `import --images`, so web and TheMealDB recipes print with their photos. The library is not
/// changed.
struct ImageDownloadOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(
        "Download the pictures that recipes have only as web addresses, for this output (the library is not changed); one that fails is noted and the recipe is written without it."))
    var images = false

    /// The stage that downloads them, nil without `--images`.
    var stage: RecipeStage? {
        guard images else { return nil }
        let web = WebOptions(cacheFolder: URL(fileURLWithPath: UserFolders().httpCache, isDirectory: true))
        return ImageStage(fetcher: web.makeFetcher())
    }
}
