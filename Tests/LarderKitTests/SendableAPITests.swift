import Foundation
import LarderArchive
import LarderCore
import LarderHTML
import LarderKit
import LarderNet
import Testing

/// What an app hands to another task is `Sendable`: this suite compiles only while it is. (A
/// sink, a `Library` and the `Pipeline` holding them are written by one task and are not; each
/// says so in its documentation.)
struct SendableAPITests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func theValuesAndExtensionPointsAnAppPassesBetweenTasksAreSendable() {
        requireSendable(Recipe.self)
        requireSendable(ParsedIngredient.self)
        requireSendable(InputLimits.self)
        requireSendable(MappingContext.self)
        requireSendable((any RecipeSource).self)
        requireSendable((any RecipeStage).self)
        requireSendable(FileSource.self)
        requireSendable(WebSource.self)
        requireSendable(MealDBSource.self)
        requireSendable(LibrarySource.self)
        requireSendable(RecipeListSource.self)
        requireSendable(NormalizeStage.self)
        requireSendable(DedupeStage.self)
        requireSendable(StoredImageStage.self)
        requireSendable(ImageStage.self)
        requireSendable(StageDecision.self)
        requireSendable(SinkOutcome.self)
        requireSendable(RunReport.self)
        requireSendable(RecipeFormat.self)
        requireSendable(FetchSettings.self)
        requireSendable(Fetcher.self)
        requireSendable(ScrapeError.self)
        requireSendable(ArchiveError.self)
    }
}
