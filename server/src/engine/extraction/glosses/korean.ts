import type { TextEdit, Token } from './edits';
import { type Gloss, type Role, VerbFinalGlossary } from './verbFinal';

/*
 * Rules written in Korean ("main 브랜치에 직접 푸시하지 마세요", "커밋하기 전에 반드시 테스트를
 * 실행하세요"), glossed into English order (verbFinal.ts). Words are found by longest match in a
 * glossary of the vocabulary of rules, with the particles and the verb endings that say no, ask, or
 * say when; a particle is one only at the end of its word.
 */

const w = (english: string): Gloss => ({ english, role: 'word' });
const act = (english: string): Gloss => ({ english, role: 'action' });
const adv = (english: string): Gloss => ({ english, role: 'adverb' });

const GLOSSARY: Readonly<Record<string, Gloss>> = {
  // Actions (a noun, made a verb by 하다).
  커밋: act('commit'), 푸시: act('push'), 푸쉬: act('push'), '강제 푸시': act('force push'), 강제푸시: act('force push'), 포스: w('force'), 머지: act('merge'),
  병합: act('merge'), 리베이스: act('rebase'), 삭제: act('delete'), 제거: act('remove'), 수정: act('modify'), 변경: act('change'), 편집: act('edit'),
  생성: act('create'), 설치: act('install'), 배포: act('deploy'), 실행: act('run'), 빌드: act('build'), 전송: act('send'), 발송: act('send'),
  결제: act('pay'), 환불: act('refund'), 취소: act('cancel'), 업데이트: act('update'), 업그레이드: act('upgrade'), 덮어쓰기: act('overwrite'),
  이동: act('move'), 사용: act('use'), 호출: act('call'), 추가: act('add'), 게시: act('publish'), 건너뛰: act('skip'), 우회: act('bypass'),
  실패: act('fail'), 통과: act('pass'), 받: act('get'), 얻: act('get'),
  // Things acted on, and people.
  테스트: w('tests'), 파일: w('files'), 브랜치: w('branch'), 메인: w('main'), 데이터베이스: w('database'), 디비: w('database'), 프로덕션: w('production'),
  '운영 환경': w('production'), 운영환경: w('production'), 의존성: w('dependencies'), 패키지: w('packages'), 코드: w('code'), 변경사항: w('changes'),
  '변경 사항': w('changes'), 저장소: w('repository'), 레포: w('repository'), 원격: w('remote'), 비밀: w('secrets'), 시크릿: w('secrets'), '환경 변수': w('environment variables'),
  환경변수: w('environment variables'), 설정: w('config'), 이메일: w('email'), 메일: w('email'), 사용자: w('the user'), 유저: w('the user'), 개발자: w('the developer'),
  요청: w('asks'), 요청받은: w('asked'), 요청한: w('asked'), 요청된: w('asked'), 요구: w('asks'), 지시: w('instructions'), 허락: w('permission'), 허가: w('permission'), 승인: w('approval'), 동의: w('consent'), 확인: { english: 'confirmation', role: 'word', verb: 'confirm' },
  히스토리: w('history'), 이력: w('history'), 훅: w('hooks'), 명령: w('command'), 명령어: w('command'), 모든: w('all'), 어떤: w('any'), 새: w('new'), 새로운: w('new'),
  '금지 사항': w('forbidden operations'), 금지사항: w('forbidden operations'), '주의 사항': w('notes'), 주의사항: w('notes'), 사항: w('items'),
  현재: w('current'), 작업: w('work'), 로컬: w('local'), 프로젝트: w('project'), 기능: w('feature'), 문제: w('issue'), 구현: act('implement'), 완료: act('finish'),
  검증: act('verify'), 오류: w('errors'), 에러: w('errors'), 경고: w('warnings'), 타입: w('type'), 문서: w('documentation'), 스크립트: w('scripts'), 터미널: w('terminal'),
  서버: w('server'), '민감한 정보': w('sensitive information'), 정보: w('information'), 하드코딩: act('hardcode'), 버전: w('version'), 태그: w('tag'), 코멘트: w('comment'),
  댓글: w('comment'), '풀 리퀘스트': w('pull request'), 리뷰: w('review'), '코드 리뷰': w('code review'), 임시: w('temporary'), 캐시: w('cache'), 외부: w('external'),
  다운로드: act('download'), 업로드: act('upload'), 디버그: act('debug'), 환경: w('environment'), '개발 환경': w('development'), 스테이징: w('staging'), 린트: w('lint'),
  포맷: act('format'), '단위 테스트': w('unit tests'), 수동으로: adv('manually'), 생성된: w('generated'),
  // Verbs of doing whose object is the act: "배포를 진행하지 마세요", do not proceed with (perform) the deploy.
  진행: act('perform'), 수행: act('perform'), 실시: act('perform'), 처리: act('handle'), 적용: act('apply'), 반영: act('apply'), 검토: act('review'), 제출: act('submit'),
  백업: act('back up'), 도입: act('add'), 공개: act('publish'), 보고: act('report'), 제안: act('propose'), 공유: act('share'),
  전달: act('forward'), '이름 변경': act('rename'), 이름변경: act('rename'), 복원: act('restore'), 초기화: act('reset'), 폐기: act('discard'), 롤백: act('roll back'),
  되돌리기: act('revert'), 인증정보: w('credentials'), '인증 정보': w('credentials'), 레코드: w('records'), 기록: w('records'), 주석: w('comments'), 이슈: w('issue'),
  '차단 항목': w('forbidden operations'), 플래그: w(''), 시도: w('attempt'), 포함된: w('included'), 자동: w('automatic'), 해결: act('resolve'), 설명: act('explain'),
  물어: act('ask'), 물어보: act('ask'), 묻: act('ask'), 기다려: act('wait for'), 기다리: act('wait for'), 즉시: adv('immediately'), '한 줄': w('one line'),
  명시적: w('explicit'), 명시적인: w('explicit'), 필수: w('required'), 허용: w('allowed'), 라이브러리: w('library'), 마이그레이션: w('migration'), 테이블: w('table'), 데이터: w('data'), 디렉토리: w('directory'),
  디렉터리: w('directory'), 폴더: w('folder'), 경로: w('path'), 키: w('key'), 토큰: w('token'), 비밀번호: w('password'), '자격 증명': w('credentials'), 로그: w('logs'),
  출력: w('output'), 메시지: w('message'), 알림: w('notification'), 강제: w('force'), 리셋: act('reset'), 되돌리: act('revert'), 덮어쓰: act('overwrite'), 관리: act('manage'),
  저장: act('save'), 기존: w('existing'), 기존의: w('existing'), 다음: w('the following'), 아래: w('the following'), 각: w('each'), 중요: w('important'), 주의: w('caution'),
  '타입 체크': w('type check'), 타입체크: w('type check'), 개발: w('development'), 운영: w('production'), 사람: w('a human'), 항목: w('items'),
  // Adverbs.
  직접: adv('directly'), 명시적으로: adv('explicitly'), 반드시: adv('always'), 항상: adv('always'), 꼭: adv('always'), 먼저: adv('first'), 미리: adv('first'),
  임의로: adv('on your own'), 마음대로: adv('on your own'), 자동으로: adv('automatically'), 절대: adv(''), 절대로: adv(''), 함부로: adv('freely'),
  // Particles: at the end of a word only.
  을: { english: '', role: 'object' }, 를: { english: '', role: 'object' }, 은: { english: '', role: 'particle' }, 는: { english: '', role: 'particle' },
  이: { english: '', role: 'subject' }, 가: { english: '', role: 'subject' }, 에: { english: 'to', role: 'particle' }, 에게: { english: 'to', role: 'particle' },
  으로: { english: 'to', role: 'particle' }, 로: { english: 'to', role: 'particle' }, 으로의: { english: 'to', role: 'particle' }, 로의: { english: 'to', role: 'particle' }, 에서: { english: 'in', role: 'particle' }, 의: { english: '', role: 'possessive' },
  와: { english: 'and', role: 'possessive' }, 과: { english: 'and', role: 'possessive' }, 및: { english: 'and', role: 'possessive' }, 또는: { english: 'or', role: 'possessive' },
  도: { english: '', role: 'particle' },
  // Endings that say when, or on what condition.
  '하기 전에': { english: 'before', role: 'connective' }, '전에': { english: 'before', role: 'connective' }, 전: { english: 'before', role: 'connective' },
  후: { english: 'after', role: 'connective' }, 시: { english: 'when', role: 'connective' }, '한 후에': { english: 'after', role: 'connective' }, 후에: { english: 'after', role: 'connective' }, '한 후': { english: 'after', role: 'connective' },
  없이: { english: 'without', role: 'connective' }, '하지 않는 한': { english: 'unless', role: 'connective' }, '않는 한': { english: 'unless', role: 'connective' },
  '할 때': { english: 'when', role: 'connective' }, 때: { english: 'when', role: 'connective' }, 경우: { english: 'when', role: 'connective' }, '경우에는': { english: 'when', role: 'connective' },
  하면: { english: 'if', role: 'connective' }, '경우에만': { english: 'only when', role: 'connective' },
  '있을 때만': { english: 'only when', role: 'connective' }, '있을 때': { english: 'when', role: 'connective' }, '있는 경우': { english: 'when', role: 'connective' },
  '있는 경우에만': { english: 'only when', role: 'connective' }, '없는 한': { english: 'unless', role: 'connective' }, '때만': { english: 'only when', role: 'connective' }, '할 때만': { english: 'only when', role: 'connective' },
  // Endings that say no.
  '하지 마세요': { english: 'do not', role: 'negation' }, '하지 마십시오': { english: 'do not', role: 'negation' }, '하지 마': { english: 'do not', role: 'negation' },
  '하지 마라': { english: 'do not', role: 'negation' }, '하지 말 것': { english: 'do not', role: 'negation' }, '하지 말아 주세요': { english: 'do not', role: 'negation' },
  '하지 말고': { english: 'do not', role: 'negation' }, '하지 않는다': { english: 'do not', role: 'negation' }, '하지 않습니다': { english: 'do not', role: 'negation' },
  '하면 안 됩니다': { english: 'must not', role: 'negation' }, '하면 안 된다': { english: 'must not', role: 'negation' }, '하면 안 돼': { english: 'must not', role: 'negation' },
  '하면 안됩니다': { english: 'must not', role: 'negation' }, '해서는 안 됩니다': { english: 'must not', role: 'negation' }, '해서는 안 된다': { english: 'must not', role: 'negation' },
  '지 마세요': { english: 'do not', role: 'negation' }, '지 마': { english: 'do not', role: 'negation' }, '지 말 것': { english: 'do not', role: 'negation' },
  '하지 말아야 합니다': { english: 'must not', role: 'negation' }, '하지 않아야 합니다': { english: 'must not', role: 'negation' }, '하지 마시오': { english: 'do not', role: 'negation' },
  '하지 않도록': { english: 'do not', role: 'negation' }, '해서는 안 돼': { english: 'must not', role: 'negation' }, '마세요': { english: 'do not', role: 'negation' }, '말 것': { english: 'do not', role: 'negation' },
  // Endings English needs nothing of: the imperative, politeness, an act made a noun ("푸시하는 것은 금지", pushing is forbidden).
  '하는 것은': { english: '', role: 'ending' }, '하는 것': { english: '', role: 'ending' },
  하세요: { english: '', role: 'ending' }, 하십시오: { english: '', role: 'ending' }, '해 주세요': { english: '', role: 'ending' }, 해주세요: { english: '', role: 'ending' },
  '할 것': { english: '', role: 'ending' }, 한다: { english: '', role: 'ending' }, 합니다: { english: '', role: 'ending' }, 해라: { english: '', role: 'ending' },
  '해야 합니다': { english: '', role: 'ending' }, '해야 한다': { english: '', role: 'ending' }, 하기: { english: '', role: 'ending' }, 하지: { english: '', role: 'ending' },
  라: { english: '', role: 'ending' }, 보세요: { english: '', role: 'ending' }, 봐: { english: '', role: 'ending' }, 으세요: { english: '', role: 'ending' }, 아야: { english: '', role: 'ending' }, '아야 합니다': { english: '', role: 'ending' }, 하고: { english: '', role: 'ending' }, 하여: { english: '', role: 'ending' }, 해서: { english: '', role: 'ending' }, 세요: { english: '', role: 'ending' },
  // Predicates that are not verbs.
  금지: { english: 'is forbidden', role: 'copula' }, 금지입니다: { english: 'is forbidden', role: 'copula' }, 금지됩니다: { english: 'is forbidden', role: 'copula' },
  금지한다: { english: 'is forbidden', role: 'copula' }, 금지됨: { english: 'is forbidden', role: 'copula' }, 금지합니다: { english: 'is forbidden', role: 'copula' }, '허용되지 않습니다': { english: 'is not allowed', role: 'copula' }, '허용되지 않는다': { english: 'is not allowed', role: 'copula' },
  불가: { english: 'is not allowed', role: 'copula' }, 불가합니다: { english: 'is not allowed', role: 'copula' }, 불가능합니다: { english: 'is not allowed', role: 'copula' },
};

const HANGUL = /\p{Script=Hangul}/u;
const WORDS = new VerbFinalGlossary(GLOSSARY, HANGUL);
/** Particles, which are one only where a word ends: "이메일" is no "이" and "메일". */
const PARTICLE_ROLES: ReadonlySet<Role> = new Set(['object', 'subject', 'particle', 'possessive']);

export const KOREAN_NEGATION = WORDS.negation;

/** The edits that gloss the Korean in `text` (none when it has none). */
export function koreanGlosses(text: string): TextEdit[] {
  return HANGUL.test(text) ? WORDS.edits(text, WORDS.words(text).map((token) => atWordEnd(text, token))) : [];
}

/** A particle not at the end of its word is an unknown syllable of a word the glossary lacks. */
function atWordEnd(text: string, token: Token): Token {
  if (!PARTICLE_ROLES.has(WORDS.roleOf(token)) || !HANGUL.test(text[token.end] ?? '')) return token;
  return { ...token, known: false, gloss: '' };
}
