// Subtitles attached to an uploaded video (POST/DELETE /2/media/subtitles, SPEC SubtitlesCreateRequest):
// one track per language of a video, naming the `subtitles` media that holds the SRT/VTT file.
// Issue #21.
export default `
CREATE TABLE media_subtitles (
  media_id TEXT NOT NULL,
  language_code TEXT NOT NULL,
  display_name TEXT NOT NULL,
  subtitle_media_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (media_id, language_code)
);
`;
