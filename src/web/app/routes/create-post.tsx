import { CREATE_PAGE_CATEGORIES } from '@shared/categories';
import { CreatePostRoute } from '@web/features/creation/routes/create-post';
import { CategoryInput } from '@web/features/playlists/components/category-input';

/**
 * /create-post: the creation feature with the category box of the playlists feature (the 15 suggested
 * categories while the box is empty, the debounced search as the member types).
 */
export function CreatePostPage() {
  return (
    <CreatePostRoute
      categoryPicker={({ value, onChange }) => <CategoryInput value={value} onChange={onChange} presets={CREATE_PAGE_CATEGORIES} />}
    />
  );
}
