import Foundation
import IngredientCorpusIO
import IngredientTaggerTraining
import LarderCore
import Testing

/// Training the tagger (Tools/IngredientTaggerTraining): what it learns, what it saves, what it
/// cannot learn.
struct IngredientTaggerTrainingTests {
    /// Labels in which leaves are part of the name, which the rules alone read as a unit.
    static let herbLines: [LabelledIngredientLine] = ["basil", "sage", "bay", "curry", "lime", "shiso", "lettuce", "celery"]
        .flatMap { herb in
            (2...5).map { count in
                LabelledIngredientLine(sentence: "\(count) \(herb) leaves, torn", name: "\(herb) leaves", unit: nil, size: nil)
            }
        }

    @Test func learnsALabellingConventionTheRulesDoNotKnow() {
        var trainer = IngredientTaggerTrainer()
        for line in Self.herbLines { trainer.add(line) }
        #expect(trainer.exampleCount == Self.herbLines.count)
        let tagger = trainer.train(epochs: 5)

        let rulesOnly = IngredientParser.parse("6 mint leaves, torn", tagger: nil)
        #expect(rulesOnly.unit == "leaf")
        #expect(rulesOnly.name == "mint")

        let learned = IngredientParser.parse("6 mint leaves, torn", tagger: tagger)
        #expect(learned.quantity?.value == 6)
        #expect(learned.unit == nil)
        #expect(learned.name == "mint leaves")
        #expect(learned.comment == "torn")
    }

    @Test func aSavedModelParsesExactlyAsTheTrainedOne() throws {
        var trainer = IngredientTaggerTrainer()
        for line in Self.herbLines { trainer.add(line) }
        let tagger = trainer.train(epochs: 3)
        let reloaded = try IngredientTagger(model: tagger.serializedModel())
        for line in ["3 basil leaves", "1 cup sugar", "salt, to taste", "2 large eggs, beaten"] {
            #expect(IngredientParser.parse(line, tagger: reloaded) == IngredientParser.parse(line, tagger: tagger))
        }
    }

    @Test func linesThatCannotBeAlignedAreCountedNotLearned() {
        var trainer = IngredientTaggerTrainer()
        trainer.add(LabelledIngredientLine(sentence: "Pinch of merken (see note) or cayenne", name: "merken or cayenne", unit: nil, size: nil))
        #expect(trainer.exampleCount == 0)
        #expect(trainer.skipped == 1)
    }
}
