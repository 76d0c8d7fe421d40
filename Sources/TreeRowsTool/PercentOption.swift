/// The percentages `compare` and `gate` take: thresholds and confidences, as fractions.
enum PercentOption {
    /// `--threshold` as a fraction: `10%` or `0.1`, from 0% to 1000000%.
    static func threshold(_ threshold: String, option: String = "--threshold") throws(CommandFailure) -> Double {
        let text = threshold.hasSuffix("%") ? String(threshold.dropLast()) : threshold
        // Finite and at most a million percent: the percentage is printed as a whole number.
        guard let number = Double(text), number >= 0, (threshold.hasSuffix("%") ? number : number * 100) <= 1_000_000 else {
            throw CommandFailure(message: "\(option) \(threshold) is not a percentage from 0% to 1000000%. Fix: write e.g. 10% or 0.1")
        }
        guard threshold.hasSuffix("%") || number <= 1 else {
            throw CommandFailure(message: "\(option) \(threshold) would allow \(Int(number * 100))% growth. Fix: write \(threshold)% for a percentage, or a fraction up to 1")
        }
        return threshold.hasSuffix("%") ? number / 100 : number
    }

    /// `--confidence` as a fraction: `95%` or `0.95`, from 50% to 99.99%.
    static func confidence(_ confidence: String) throws(CommandFailure) -> Double {
        let confidenceText = confidence.hasSuffix("%") ? String(confidence.dropLast()) : confidence
        guard let confidenceNumber = Double(confidenceText), confidenceNumber.isFinite else {
            throw CommandFailure(message: "--confidence \(confidence) is not a percentage. Fix: write e.g. 95% or 0.95")
        }
        let level = confidence.hasSuffix("%") || confidenceNumber > 1 ? confidenceNumber / 100 : confidenceNumber
        guard level >= 0.5 && level <= 0.9999 else {
            throw CommandFailure(message: "--confidence \(confidence) is outside 50% to 99.99%. Fix: write e.g. 95%")
        }
        return level
    }
}
