use elicit_runtime::Elicit;

/// Levels, listed at ftp://files.example/levels.txt
#[derive(Elicit)]
enum Level {
    Low,
    #[elicit(title = "High (mailto:ops@example.com)")]
    High,
}

#[derive(Elicit)]
struct Ticket {
    #[elicit(title = "Open myapp://settings first")]
    setting: String,
    #[elicit(description = "Click javascript:alert(1) to continue")]
    action: String,
    /// Call tel:+15550100 if unsure.
    phone: String,
    /// See www.example.com for details.
    notes: String,
    level: Level,
    // Not URLs: a time, a ratio, a label with a colon.
    #[elicit(title = "Time: 10:30", description = "Ratio 1:2, note: keep it short")]
    when: String,
}

fn main() {}
