import Foundation
import LarderCore
import Testing

/// The shipped tagger. Training has its own tests, with the training code, in
/// Tests/IngredientTaggerTrainingTests.
struct IngredientTaggerTests {
    @Test func theShippedModelLoadsAndADamagedOneIsRefused() {
        #expect(IngredientTagger.shipped != nil)
        #expect(throws: (any Error).self) { try IngredientTagger(model: Data("LIT1 but not a model".utf8)) }
        #expect(throws: (any Error).self) { try IngredientTagger(model: Data()) }
    }
}
